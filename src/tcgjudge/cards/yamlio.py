"""The one way tcgjudge reads YAML (card files, decks, scenarios): safe and bounded.

- only plain data (a ``SafeLoader``), with YAML 1.2 booleans (only true/false, so a key
  ``on:`` stays the word "on");
- a file of at most :data:`MAX_BYTES`, a regular file, UTF-8 (errors name the file);
- nesting at most :data:`MAX_DEPTH` deep (no RecursionError);
- aliases may add at most :data:`MAX_ALIAS_NODES` values to the document ("billion laughs"
  files are refused before anything reads them);
- a key written twice in one mapping is an error, not "the last one wins".

Every problem is a :class:`YamlError` naming the file, and line and column where known.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from ..kernel.textfile import FileInputError, read_text

MAX_BYTES = 4_000_000
MAX_DEPTH = 100
MAX_ALIAS_NODES = 10_000
MAX_DIGITS = 100


class YamlError(ValueError):
    """A YAML file or text that cannot be read (the message names the file)."""


class _Limit(yaml.YAMLError):
    def __init__(self, problem: str, mark: Any = None) -> None:
        super().__init__(problem)
        self.problem = problem
        self.problem_mark = mark


class SafeLoader(yaml.SafeLoader):
    """A SafeLoader with YAML 1.2 booleans, bounded depth and aliases, and no duplicate keys."""

    def __init__(self, stream: Any) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _Limit(f"nested more than {MAX_DEPTH} levels deep", self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def get_single_node(self) -> Any:
        node = super().get_single_node()
        if node is not None and self.anchors_used:
            _check_expansion(node)
        return node

    def compose_document(self) -> Any:
        self.anchors_used = False
        return super().compose_document()

    def check_event(self, *choices: Any) -> bool:
        if choices == (yaml.AliasEvent,):
            found = super().check_event(*choices)
            if found:
                self.anchors_used = True
            return found
        return super().check_event(*choices)

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        if isinstance(node, yaml.MappingNode):
            seen: set = set()
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    continue
                key = self.construct_object(key_node, deep=True)
                try:
                    dup = key in seen
                except TypeError:  # an unhashable key: the constructor reports it
                    continue
                if dup:
                    text = str(key)
                    raise _Limit(f"key {text[:40]!r}{'...' if len(text) > 40 else ''} appears twice in one "
                                 "mapping", key_node.start_mark)
                seen.add(key)
        return super().construct_mapping(node, deep)


def _bounded_int(loader: SafeLoader, node: Any) -> int:
    if len(node.value) > MAX_DIGITS:
        raise _Limit(f"a number with more than {MAX_DIGITS} digits", node.start_mark)
    return yaml.SafeLoader.construct_yaml_int(loader, node)


SafeLoader.add_constructor("tag:yaml.org,2002:int", _bounded_int)
SafeLoader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:bool"]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
SafeLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))


def _check_expansion(root: Any) -> None:
    """Refuse a document whose aliases stand for more than MAX_ALIAS_NODES values in all."""
    own: set[int] = set()
    size: dict[int, int] = {}
    # iterative post-order walk; a node's expanded size is computed once (shared nodes are aliases)
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        k = id(node)
        if done:
            kids = _children(node)
            size[k] = 1 + sum(size[id(c)] for c in kids)
            continue
        if k in size:
            continue
        own.add(k)
        stack.append((node, True))
        for c in _children(node):
            if id(c) not in size:
                stack.append((c, False))
    extra = size[id(root)] - len(own)
    if extra > MAX_ALIAS_NODES:
        raise _Limit(f"aliases expand to {extra} more values than the file holds (at most {MAX_ALIAS_NODES})",
                     root.start_mark)


def _children(node: Any) -> list:
    if isinstance(node, yaml.SequenceNode):
        return node.value
    if isinstance(node, yaml.MappingNode):
        return [x for pair in node.value for x in pair]
    return []


def load_text(text: str, where: str = "<text>") -> Any:
    """The data of a YAML text; ``where`` names it in errors."""
    loader = None
    try:
        loader = SafeLoader(text)  # the reader refuses control characters at once
        return loader.get_single_data()
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        at = f"{where}:{mark.line + 1}:{mark.column + 1}" if mark else where
        problem = getattr(e, "problem", None) or getattr(e, "reason", None) or str(e)
        raise YamlError(f"{at}: not valid YAML: {str(problem)[:200]}") from None
    except RecursionError:
        raise YamlError(f"{where}: not valid YAML: nested too deeply") from None
    except (ValueError, OverflowError) as e:  # a scalar the safe constructors refuse (a date, ...)
        raise YamlError(f"{where}: not valid YAML: {str(e)[:120]}") from None
    finally:
        if loader is not None:
            loader.dispose()


def read_yaml(path: str | Path) -> Any:
    """The data of a YAML file (see the module docstring for what is refused)."""
    try:
        text = read_text(path, MAX_BYTES, "YAML file")
    except FileInputError as e:
        raise YamlError(str(e)) from None
    return load_text(text, str(path))


__all__ = ["MAX_ALIAS_NODES", "MAX_BYTES", "MAX_DEPTH", "SafeLoader", "YamlError", "load_text", "read_yaml"]
