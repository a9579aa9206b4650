# The demo client's JSON, read from stdin: `field NAME` prints one field of an object; `transitions` prints transitions as demo lines.
import json
import sys


def field(name):
    value = json.load(sys.stdin).get(name)
    print("" if value is None else value)


def transitions():
    # The API lists them oldest first.
    for t in json.load(sys.stdin):
        time_of_day = t["occurredAt"].split("T", 1)[-1]
        line = f"[demo] {time_of_day}  {t['kind']:<7} {t['resource']}: {t.get('from') or '-'} -> {t['to']}"
        if t.get("reason"):
            line += f"  ({t['reason']})"
        if t.get("message"):
            line += " " + t["message"].replace("\n", " ")
        print(line)


if __name__ == "__main__":
    {"field": field, "transitions": transitions}[sys.argv[1]](*sys.argv[2:])
