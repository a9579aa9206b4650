"""Steward's command line: sessions, hosts and events of a running service, as tables.

Run through the launcher: ./steward sessions [list|get|watch|delete], ./steward hosts, ./steward events.
It calls the service at $STEWARD_URL (default http://localhost:$MICRONAUT_SERVER_PORT, port 8080), sending
the token in $STEWARD_TOKEN_FILE, when that is set, as an Authorization: Bearer header.
"""
import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

WATCH_INTERVAL_SECONDS = 1.0
REQUEST_TIMEOUT_SECONDS = 10


class ApiError(Exception):
    pass


def base_url():
    default = "http://localhost:" + os.environ.get("MICRONAUT_SERVER_PORT", "8080")
    return os.environ.get("STEWARD_URL", default).rstrip("/")


def token():
    path = os.environ.get("STEWARD_TOKEN_FILE")
    if not path:
        return None
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().strip() or None
    except OSError as e:
        raise ApiError(f"cannot read the token file named by STEWARD_TOKEN_FILE ({path}): {e.strerror}")


def call(method, path, query=None):
    url = base_url() + "/api/v1" + path
    if query:
        url += "?" + urllib.parse.urlencode({k: v for k, v in query.items() if v is not None}, doseq=True)
    request = urllib.request.Request(url, method=method, headers={"Accept": "application/json"})
    secret = token()
    if secret:
        request.add_header("Authorization", "Bearer " + secret)
    try:
        with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT_SECONDS) as response:
            body = response.read()
            return json.loads(body) if body else None
    except urllib.error.HTTPError as e:
        raise ApiError(f"{method} {path}: {e.code} {problem_detail(e)}")
    except (urllib.error.URLError, OSError) as e:
        raise ApiError(f"{method} {path}: the service at {base_url()} does not answer "
                       f"({getattr(e, 'reason', e)}); is it running (./steward up)?")


def problem_detail(error):
    try:
        problem = json.loads(error.read())
        return problem.get("detail") or problem.get("title") or ""
    except (ValueError, OSError):
        return error.reason or ""


# ---- tables ---------------------------------------------------------------------------------------

def table(headers, rows):
    rows = [["" if cell is None else str(cell) for cell in row] for row in rows]
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(headers)]
    for row in [headers] + rows:
        print("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip())


def pods_ready(session):
    pods = [pod for part in session.get("parts", []) for pod in part.get("pods", [])]
    return f"{sum(1 for p in pods if p.get('status') == 'READY')}/{len(pods)}"


def labels(value):
    return ",".join(f"{k}={v}" for k, v in sorted((value or {}).items()))


def ports(pod):
    shown = []
    for p in pod.get("ports") or []:
        published = f"{p.get('hostIp') or ''}:{p['hostPort']}->" if p.get("hostPort") else ""
        shown.append(f"{published}{p['containerPort']}/{p.get('protocol') or 'tcp'}")
    return " ".join(shown)


def session_rows(sessions):
    has_labels = any("labels" in s for s in sessions)
    headers = ["ID", "OWNER", "STATUS", "DESIRED", "PODS READY", "REASON"] + (["LABELS"] if has_labels else [])
    rows = [[s["id"], s["owner"], s["status"], s["desiredStatus"], pods_ready(s), s.get("reason")]
            + ([labels(s.get("labels"))] if has_labels else []) for s in sessions]
    return headers, rows


def list_sessions(args):
    page = call("GET", "/sessions", {"owner": args.owner, "status": args.status, "size": 100})
    table(*session_rows(page["items"]))
    if page["total"] > len(page["items"]):
        print(f"({len(page['items'])} of {page['total']}: narrow with --owner or --status)")


def get_session(args):
    s = call("GET", "/sessions/" + args.id)
    print(f"session     {s['id']}")
    print(f"owner       {s['owner']}")
    print(f"status      {s['status']} (desired {s['desiredStatus']}) {s.get('reason') or ''}: {s.get('message') or ''}")
    print(f"generation  {s['generation']} (observed {s['observedGeneration']})")
    if s.get("labels"):
        print(f"labels      {labels(s['labels'])}")
    slot = s.get("timeslot") or {}
    print(f"timeslot    {slot.get('startAt') or 'now'} to {slot.get('endAt') or 'open-ended'}")
    print()
    table(["PART", "POD", "STATUS", "REASON", "RESTARTS", "HOST", "CONTAINER", "ADDRESS", "PORTS"],
          [[part["name"], pod["name"], pod["status"], pod.get("reason"), pod.get("restarts"), pod.get("host"),
            (pod.get("containerId") or "")[:12], pod.get("address"), ports(pod)]
           for part in s["parts"] for pod in part["pods"]])


def delete_session(args):
    change = call("DELETE", "/sessions/" + args.id)
    print(f"session {args.id}: desired status {change['desiredStatus']} at generation {change['generation']}")


def watch_sessions(args):
    """Prints the list, then one line per session that appears, changes or goes, as it happens."""
    if args.id:
        return watch_session(args.id)
    known = {}
    first = True
    while True:
        sessions = {s["id"]: s for s in call("GET", "/sessions", {"owner": args.owner, "size": 100})["items"]}
        if first:
            table(*session_rows(list(sessions.values())))
            first = False
        else:
            for sid, s in sessions.items():
                before = known.get(sid)
                if before is None:
                    change(sid, s, "new")
                elif (before["status"], before["desiredStatus"], pods_ready(before)) != (
                        s["status"], s["desiredStatus"], pods_ready(s)):
                    change(sid, s, f"{before['status']} -> {s['status']}")
            for sid in known.keys() - sessions.keys():
                print(f"{clock()}  {sid}  gone", flush=True)
        known = sessions
        time.sleep(WATCH_INTERVAL_SECONDS)


def change(sid, s, what):
    print(f"{clock()}  {sid}  {s['owner']}  {what}  desired {s['desiredStatus']}  pods ready {pods_ready(s)}"
          f"  {s.get('reason') or ''}", flush=True)


def watch_session(sid):
    """Prints the session's transitions as they are recorded, until it is deleted."""
    seen = 0
    while True:
        transitions = call("GET", f"/sessions/{sid}/transitions")
        for t in transitions[seen:]:
            print(transition_line(t), flush=True)
        seen = len(transitions)
        if transitions and transitions[-1]["kind"] == "SESSION" and transitions[-1]["to"] == "DELETED":
            return
        time.sleep(WATCH_INTERVAL_SECONDS)


def transition_line(t):
    return (f"{t['occurredAt']}  {t['kind']:<7}  {t['resource']}  {t.get('from') or '-'} -> {t['to']}"
            f"  {t.get('reason') or ''}{': ' + t['message'] if t.get('message') else ''}")


def hosts(_args):
    table(["NAME", "ENDPOINT", "STATUS", "ENABLED", "DRAINING", "PODS", "ENGINE", "LABELS", "LAST SEEN"],
          [[h["name"], h["endpoint"], h["status"], yes(h["enabled"]), yes(h["draining"]), h["placedPods"],
            h.get("engineVersion"), labels(h.get("labels")), h.get("lastSeenAt")] for h in call("GET", "/hosts")])


def yes(flag):
    return "yes" if flag else "no"


def events(args):
    """Status changes of one session, or of every listed session, oldest first."""
    ids = [args.id] if args.id else [s["id"] for s in call("GET", "/sessions", {"size": 100})["items"]]
    rows = []
    for sid in ids:
        rows += [dict(t, session=sid) for t in call("GET", f"/sessions/{sid}/transitions")]
    rows.sort(key=lambda t: t["occurredAt"])
    rows = rows[-args.limit:] if args.limit else rows
    table(["TIME", "SESSION", "KIND", "RESOURCE", "FROM", "TO", "REASON", "MESSAGE"],
          [[t["occurredAt"], t["session"][:8], t["kind"], t["resource"] if t["kind"] != "SESSION" else "",
            t.get("from") or "-", t["to"], t.get("reason"), t.get("message")] for t in rows])


def clock():
    return time.strftime("%H:%M:%S")


def parser():
    root = argparse.ArgumentParser(prog="./steward", description=__doc__.splitlines()[0])
    commands = root.add_subparsers(dest="command", required=True)

    sessions = commands.add_parser("sessions", help="list, show, watch or delete sessions")
    actions = sessions.add_subparsers(dest="action")
    listing = actions.add_parser("list", help="sessions as a table (the default)")
    for p in (sessions, listing):
        p.add_argument("--owner")
        p.add_argument("--status")
    get = actions.add_parser("get", help="one session with its pods")
    get.add_argument("id")
    watch = actions.add_parser("watch", help="changes as they happen: of every session, or one's transitions")
    watch.add_argument("id", nargs="?")
    watch.add_argument("--owner")
    delete = actions.add_parser("delete", help="delete a session (its containers are removed)")
    delete.add_argument("id")

    commands.add_parser("hosts", help="hosts as a table")
    ev = commands.add_parser("events", help="recorded status changes, oldest first")
    ev.add_argument("id", nargs="?", help="one session; every listed session when absent")
    ev.add_argument("--limit", type=int, default=50, help="the last N (default 50; 0 for all)")
    return root


def main(argv):
    args = parser().parse_args(argv)
    run = {"hosts": hosts, "events": events}.get(args.command)
    if run is None:
        run = {None: list_sessions, "list": list_sessions, "get": get_session, "watch": watch_sessions,
               "delete": delete_session}[args.action]
    try:
        run(args)
    except ApiError as e:
        print(f"steward: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
