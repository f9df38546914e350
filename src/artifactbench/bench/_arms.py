"""Arms: named agent configurations, from the command line or a YAML file."""

from __future__ import annotations

import difflib
import importlib
import importlib.util
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import yaml

from artifactbench.bench._agents import Agent, NoopAgent, OracleAgent
from artifactbench.bench._command import CommandAgent, split_argv
from artifactbench.bench._recipes import RECIPE_OPTIONS, RecipeError, build_recipe
from artifactbench.errors import ArtifactBenchError

__all__ = ["Arm", "ArmError", "BUILTIN_AGENTS", "build_agent", "load_arms_file", "parse_arm"]

BUILTIN_AGENTS = ("oracle", "noop", "command", *RECIPE_OPTIONS)
_OPTIONS = {"oracle": (), "noop": (), "command": ("argv", "pass_env", "stdin"), **RECIPE_OPTIONS}
ARM_NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


class ArmError(ArtifactBenchError):
    """An arm is misconfigured (bad name, unknown agent, bad option)."""


@dataclass(frozen=True, slots=True)
class Arm:
    """A named configuration: an agent spec (a built-in name or `module:attr`) and its options."""

    name: str
    agent: str
    options: tuple[tuple[str, object], ...] = ()

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "agent": self.agent, "options": dict(self.options)}

    @classmethod
    def from_json(cls, data: Mapping[str, object], where: str = "arm") -> Arm:
        options = data.get("options") or {}
        if not isinstance(options, Mapping):
            raise ArmError(f"{where}: options={options!r}: must be a mapping of option: value")
        arm = cls(str(data.get("name", "")), str(data.get("agent", "")),
                  tuple(sorted((str(k), v) for k, v in options.items())))
        _check(arm, where)
        return arm


def _check(arm: Arm, where: str) -> None:
    if not ARM_NAME_RE.match(arm.name):
        raise ArmError(f"{where}: name={arm.name!r}: use letters, digits, '_', '.', '-'")
    if arm.agent not in BUILTIN_AGENTS and ":" not in arm.agent:
        close = difflib.get_close_matches(arm.agent, BUILTIN_AGENTS, n=1)
        hint = f"did you mean {close[0]!r}?" if close else "a plug-in is given as module:attr"
        raise ArmError(f"{where}: agent={arm.agent!r}: unknown agent ({hint}; "
                       f"built-ins: {', '.join(BUILTIN_AGENTS)})")
    allowed = _OPTIONS.get(arm.agent)
    for key, _ in arm.options if allowed is not None else ():
        if key not in allowed:
            close = difflib.get_close_matches(key, allowed, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise ArmError(f"{where}: option {key!r} is not known to agent {arm.agent!r}{hint}; "
                           f"known: {', '.join(allowed) or 'none'}")
    if arm.agent == "command" and not dict(arm.options).get("argv"):
        raise ArmError(f"{where}: agent 'command' needs argv=..., e.g. "
                       f"--arm mine=command:argv='my-agent --prompt-file {{prompt_file}}'")


def parse_arm(text: str) -> Arm:
    """Parse `NAME=AGENT[:k=v,...]`; AGENT is a built-in or `module:attr` / `file.py:attr`."""
    where = f"--arm {text!r}"
    name, sep, rest = text.partition("=")
    if not sep or not rest:
        raise ArmError(f"{where}: expected NAME=AGENT[:key=value,...], e.g. --arm base=noop")
    head, _, tail = rest.partition(":")
    if head not in BUILTIN_AGENTS and tail:
        attr, _, tail = tail.partition(":")
        head = f"{head}:{attr}"
    options: list[tuple[str, object]] = []
    for item in filter(None, tail.split(",")) if tail else ():
        key, eq, value = item.partition("=")
        if not eq:
            raise ArmError(f"{where}: option {item!r}: expected key=value")
        options.append((key.strip(), value))
    arm = Arm(name.strip(), head, tuple(sorted(options)))
    _check(arm, where)
    return arm


def load_arms_file(path: Path) -> tuple[Arm, ...]:
    """Arms from YAML: `arms: [{name, agent, options: {...}}, ...]`; names must be unique."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise ArmError(f"{path}: cannot read arms file: {exc}") from None
    items = data.get("arms") if isinstance(data, Mapping) else None
    if not isinstance(items, list) or not items:
        raise ArmError(f"{path}: arms=...: expected a non-empty list under the key 'arms'")
    arms = []
    for i, item in enumerate(items):
        if not isinstance(item, Mapping):
            raise ArmError(f"{path}: arms[{i}]={item!r}: expected a mapping with name and agent")
        arms.append(Arm.from_json(item, f"{path}: arms[{i}]"))
    return unique_arms(arms, str(path))


def unique_arms(arms: Sequence[Arm], where: str) -> tuple[Arm, ...]:
    names = [a.name for a in arms]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise ArmError(f"{where}: arm names must be unique; repeated: {', '.join(dupes)}")
    return tuple(arms)


def _load_attr(spec: str) -> object:
    module_name, _, attr = spec.rpartition(":")
    try:
        if module_name.endswith(".py"):
            mspec = importlib.util.spec_from_file_location(Path(module_name).stem, module_name)
            if mspec is None or mspec.loader is None:
                raise ImportError(f"cannot load {module_name}")
            module = importlib.util.module_from_spec(mspec)
            mspec.loader.exec_module(module)
        else:
            module = importlib.import_module(module_name)
        return getattr(module, attr)
    except (ImportError, AttributeError, OSError) as exc:
        raise ArmError(f"agent={spec!r}: cannot load the plug-in: {exc}") from None


def build_agent(arm: Arm) -> Agent:
    """The agent object of an arm. A plug-in attr is an Agent, or a factory called with the options."""
    opts = dict(arm.options)
    if arm.agent == "oracle":
        return OracleAgent()
    if arm.agent == "noop":
        return NoopAgent()
    if arm.agent == "command":
        pass_env = opts.get("pass_env", ())
        stdin = str(opts.get("stdin", "none")).lower()
        if stdin not in ("none", "prompt"):
            raise ArmError(f"arm {arm.name!r}: stdin={stdin!r}: expected 'none' or 'prompt'")
        return CommandAgent(arm.name, split_argv(opts["argv"]),  # type: ignore[arg-type]
                            split_argv(pass_env), stdin == "prompt")  # type: ignore[arg-type]
    if arm.agent in RECIPE_OPTIONS:
        try:
            return build_recipe(arm.agent, arm.name, opts)
        except RecipeError as exc:
            raise ArmError(f"arm {arm.name!r}: {exc}") from None
    obj = _load_attr(arm.agent)
    is_factory = isinstance(obj, type) or (callable(obj) and not hasattr(obj, "run"))
    agent = obj(**opts) if is_factory else obj
    if not isinstance(agent, Agent):
        raise ArmError(f"agent={arm.agent!r}: the plug-in gives {type(agent).__name__}, which has no "
                       "name and run(request) -> AgentResult")
    return agent
