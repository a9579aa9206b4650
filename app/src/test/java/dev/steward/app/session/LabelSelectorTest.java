package dev.steward.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.steward.app.refusal.InvalidRequest;
import dev.steward.model.FieldError;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The label selectors of session listings, written as Kubernetes writes them: each kind of term, and every
 * text that is not a selector refused as a whole, naming {@code labelSelector}.
 */
class LabelSelectorTest {

    @Test
    void noSelectorSelectsAnything() {
        assertSame(LabelSelector.ANY, LabelSelector.parse(null));
        assertSame(LabelSelector.ANY, LabelSelector.parse(""));
        assertSame(LabelSelector.ANY, LabelSelector.parse("  "));
    }

    @Test
    void eachKindOfTermIsReadIntoItsOwnPart() {
        LabelSelector selector = LabelSelector.parse("team=ml,tier!=gpu,example.com/gpu,!spot,zone==eu-1");

        assertEquals(new LabelSelector(Map.of("team", "ml", "zone", "eu-1"), Map.of("tier", "gpu"),
                List.of("example.com/gpu"), List.of("spot")), selector);
    }

    @Test
    void spacesAroundTermsKeysAndValuesAreIgnored() {
        LabelSelector selector = LabelSelector.parse(" team = ml , tier != gpu , ! spot , gpu ");

        assertEquals(new LabelSelector(Map.of("team", "ml"), Map.of("tier", "gpu"), List.of("gpu"), List.of("spot")),
                selector);
    }

    @Test
    void anEmptyValueIsAValue() {
        assertEquals(new LabelSelector(Map.of("team", ""), Map.of("tier", ""), List.of(), List.of()),
                LabelSelector.parse("team=,tier!="));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "team=ml,", // an empty term
        "team=ml,,gpu",
        "=ml", // no key
        "!=ml",
        "!",
        "team=a=b", // '=' in a value
        "my team=ml", // a space in a key
        "team=machine learning",
        "team in (ml,ops)", // set-based terms are not read
        "-team=ml", // a key must start with a letter or digit
        "team=ml-" // a value must end with one
    })
    void aTextThatIsNotASelectorIsRefusedAsAWhole(String text) {
        InvalidRequest refused = assertThrows(InvalidRequest.class, () -> LabelSelector.parse(text));

        assertEquals(List.of(new FieldError("labelSelector", "'" + text + "' is not a label selector: terms are"
                + " key=value, key!=value, key or !key, joined by commas, with keys and values as labels have them")),
                refused.errors());
    }
}
