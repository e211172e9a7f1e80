"""The decision protocol: the engine stops at a Decision and waits.

A decision belongs to one player, has a kind and a prompt, and lists its
options.  Each option is ``(label, payload)``: the label is the stable,
human-readable text (``pass``, ``play Fire Lizard``, ``attack s -> w``), the
payload is plain data the procedure that asked understands.  Compound choices
are asked as a sequence of single decisions (DESIGN principle 4), so an RL
action mask and a CLI menu are the same list.
"""

from __future__ import annotations

from typing import Any


class IllegalAction(Exception):
    """An answer that is not among the options, or any other bad input.

    Raised before anything changes: the game is left exactly as it was.
    """


class Decision:
    __slots__ = ("player", "kind", "prompt", "options", "info", "raw")

    def __init__(
        self,
        player: int,
        kind: str,
        prompt: str,
        options: list[tuple[str, Any]],
        info: dict[str, Any] | None = None,
    ) -> None:
        if not options:
            raise ValueError(f"decision {kind!r} for player {player} has no options")
        self.player = player
        self.kind = kind
        self.prompt = prompt
        self.options = options
        self.info = info or {}
        self.raw: list[str] | None = None  # labels before object names were filled in

    @property
    def labels(self) -> list[str]:
        return [o[0] for o in self.options]

    def index_of(self, label: str) -> int:
        for i, o in enumerate(self.options):
            if o[0] == label:
                return i
        raise IllegalAction(
            f"{label!r} is not an option of this {self.kind} decision; options: {self.labels}"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": [{"index": i, "label": o[0]} for i, o in enumerate(self.options)],
        }

    def __repr__(self) -> str:
        return f"Decision(p{self.player + 1} {self.kind}: {self.labels})"
