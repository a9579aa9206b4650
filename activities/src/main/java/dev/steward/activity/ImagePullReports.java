package dev.steward.activity;

import dev.steward.contract.ImagePullProgress;

/** Where the pulls on one host write how far they are, for the API to show on the pods waiting for them. */
public interface ImagePullReports {

    /** Writes nowhere: for engines whose pulls nobody looks at. */
    ImagePullReports NONE = new ImagePullReports() {
        @Override
        public void progress(String image, ImagePullProgress progress) {}

        @Override
        public void ended(String image) {}
    };

    /** The pull of {@code image} is as far as {@code progress}; called about once a second while it runs. */
    void progress(String image, ImagePullProgress progress);

    /** The pull of {@code image} ended, pulled or not: nothing is left to show. */
    void ended(String image);
}
