"""``python -m tcgjudge.interfaces.rl GAME``: print the observation layout of GAME's environments."""

from __future__ import annotations

import sys

from .match import Match


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m tcgjudge.interfaces.rl GAME", file=sys.stderr)
        return 2
    enc = Match(argv[0]).encoder
    print(f"{argv[0]}: observation of {enc.size} float32, action mask of {enc.max_options}, "
          f"{len(enc.cards)} cards in the card table")
    for name, sl in enc.layout().items():
        print(f"{sl.start:>6} .. {sl.stop - 1:<6} {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
