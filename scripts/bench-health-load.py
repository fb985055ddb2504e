#!/usr/bin/env python3
"""The third probe's load on /api/health, as a benchmark: one person's phone sends two of the
largest sendings (15 MB each) at once while another person's phone sends a weigh-in every quarter
second. Prints the second person's answer times under that load against the same sendings on the
idle server first (the baseline, in the same run), and the first person's answers.

    FOODDIARY_TOKEN_LARGE=fdt_… FOODDIARY_TOKEN_SMALL=fdt_… scripts/bench-health-load.py http://127.0.0.1:8765 [--pid PID]

Tokens come from the environment, never the command line; both must be allowed to write. With
--pid, the server's resident memory (VmRSS, VmHWM) is read before and after.
"""
import json, os, statistics, sys, threading, time, urllib.error, urllib.request


def sending(points):
    readings = []
    for minute in range(points):
        day, hour, clock = 1 + minute // 1440 % 8, minute // 60 % 24, minute % 60
        readings.append('{"qty": 12, "date": "2026-03-0%d %02d:%02d:00 +0000", "source": "Watch"}' % (day, hour, clock))
    return ('{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [' + ",".join(readings) + "]}]}}").encode()


def send(base, token, body):
    request = urllib.request.Request(base + "/api/health", data=body, method="POST",
                                     headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    return status, time.monotonic() - started


def memory(pid):
    if not pid:
        return ""
    with open(f"/proc/{pid}/status") as status:
        fields = dict(line.split(":", 1) for line in status if line.startswith(("VmRSS", "VmHWM")))
    return f"RSS {int(fields['VmRSS'].split()[0]) // 1024} MB, peak {int(fields['VmHWM'].split()[0]) // 1024} MB"


def main():
    base = sys.argv[1].rstrip("/")
    pid = sys.argv[sys.argv.index("--pid") + 1] if "--pid" in sys.argv else None
    large_token, small_token = os.environ["FOODDIARY_TOKEN_LARGE"], os.environ["FOODDIARY_TOKEN_SMALL"]
    small = json.dumps({"data": {"metrics": [{"name": "weight_body_mass", "units": "kg",
                                              "data": [{"qty": 61.2, "date": "2026-03-09 07:00:00 +0000"}]}]}}).encode()
    large = sending(230_000)
    print(f"server before: {memory(pid)}")
    idle = [send(base, small_token, small) for _ in range(20)]
    large_answers = []
    senders = [threading.Thread(target=lambda: large_answers.append(send(base, large_token, large))) for _ in range(2)]
    for sender in senders:
        sender.start()
    loaded = []
    while any(sender.is_alive() for sender in senders):
        loaded.append(send(base, small_token, small))
        time.sleep(0.25)
    for sender in senders:
        sender.join()

    def figures(answers):
        times = sorted(seconds * 1000 for _, seconds in answers)
        statuses = sorted({status for status, _ in answers})
        return f"{len(answers)} sendings, statuses {statuses}, median {statistics.median(times):.0f} ms, max {times[-1]:.0f} ms"

    print(f"a large sending: {len(large) / 1048576:.1f} MB")
    print(f"the other person's phone, idle server: {figures(idle)}")
    print(f"the other person's phone, under load:  {figures(loaded)}")
    print("the sender's two at once: " + ", ".join(f"{status} in {seconds:.1f} s" for status, seconds in large_answers))
    ratio = statistics.median(s for _, s in loaded) / statistics.median(s for _, s in idle)
    print(f"ratio loaded / idle (median): {ratio:.1f}×")
    print(f"server after: {memory(pid)}")


if __name__ == "__main__":
    main()
