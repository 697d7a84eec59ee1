"""The protocol by hand, with only json and sys: answers every decision with legal index 0.

A template for bots in other languages, and the baseline for the kit's round-trip benchmark.
Anything printed for debugging must go to sys.stderr; stdout is the protocol.
"""

import json
import sys


def main() -> None:
    out = sys.stdout
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg["type"]
        if kind == "hello":
            out.write('{"type":"ready","protocol":1,"name":"raw_first","events":false}\n')
            out.flush()
        elif kind == "act":
            out.write('{"type":"action","id":%d,"index":0}\n' % msg["id"])
            out.flush()
        elif kind == "bye":
            return
        # start, event and result need no answer.


if __name__ == "__main__":
    main()
