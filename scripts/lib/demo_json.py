# The demo client's JSON, read from stdin: `field NAME` prints one field of an object; `events LAST_FILE` prints
# a stream of server-sent events (CloudEvents in JSON) as demo lines, writing each event's id to LAST_FILE.
import json
import sys


def field(name):
    value = json.load(sys.stdin).get(name)
    print("" if value is None else value)


def events(last_file):
    event_id, data = None, []
    while True:
        line = sys.stdin.readline()
        if not line:
            return
        line = line.rstrip("\r\n")
        if line.startswith("id:"):
            event_id = line[3:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].lstrip(" "))
        elif line == "" and data:
            print_event(json.loads("\n".join(data)))
            if event_id is not None:
                with open(last_file, "w") as last:
                    last.write(event_id)
            event_id, data = None, []


def print_event(event):
    change = event.get("data") or {}
    time_of_day = event["time"].split("T", 1)[-1]
    kind = event["type"].split(".")[2].upper()
    # sessions/{id}, sessions/{id}/parts/{part}, sessions/{id}/parts/{part}/pods/{pod} or hosts/{name}
    path = event["subject"].split("/")
    resource = "/".join(path[3::2]) if kind in ("PART", "POD") else path[1]
    line = f"[demo] {time_of_day}  {kind:<7} {resource}: {change.get('from') or '-'} -> {change.get('to')}"
    if change.get("reason"):
        line += f"  ({change['reason']})"
    if change.get("message"):
        line += " " + change["message"].replace("\n", " ")
    print(line, flush=True)


if __name__ == "__main__":
    {"field": field, "events": events}[sys.argv[1]](*sys.argv[2:])
