"""The built-in agent recipes `openai`, `claude-code` and `codex`: their options and construction.

Option values from `--arm` arrive as strings and are converted here; an arms file may give numbers
and lists. `prices: {input: 3, output: 15}` (USD per million tokens) is the YAML form of
price_input/price_output.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from artifactbench.bench._agent_claude import ClaudeCodeAgent
from artifactbench.bench._agent_codex import CodexAgent
from artifactbench.bench._agent_openai import OpenAIAgent
from artifactbench.bench._agent_tools import SURFACES
from artifactbench.bench._agents import Agent
from artifactbench.bench._command import split_argv

__all__ = ["RECIPES", "RECIPE_OPTIONS", "RecipeError", "build_recipe"]

_str, _int, _float = str, int, float


def _bool(value: object) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text not in ("true", "false", "1", "0", "yes", "no"):
        raise ValueError(text)
    return text in ("true", "1", "yes")


def _list(value: object) -> tuple[str, ...]:
    return split_argv(value.replace(",", " ") if isinstance(value, str) else value)  # type: ignore[arg-type]


_COMMON: dict[str, Callable[[object], object]] = {
    "model": _str, "tools": _str, "base_url": _str, "api_key_env": _str, "exec_timeout": _float}
_TYPES: dict[str, dict[str, Callable[[object], object]]] = {
    "openai": {**_COMMON, "max_turns": _int, "retries": _int, "backoff_s": _float,
               "price_input": _float, "price_output": _float, "output_cap": _int,
               "temperature": _float, "prices": dict, "stream": _bool},
    "claude-code": {**_COMMON, "max_turns": _int, "allowed_tools": _str, "disallowed_tools": _str,
                    "bin": _str, "pass_env": _list, "permission_mode": _str},
    "codex": {**_COMMON, "bin": _str, "sandbox": _str, "price_input": _float,
              "price_output": _float, "pass_env": _list, "prices": dict},
}
_CLASSES: dict[str, Callable[..., Agent]] = {
    "openai": OpenAIAgent, "claude-code": ClaudeCodeAgent, "codex": CodexAgent}
RECIPES = tuple(_TYPES)
RECIPE_OPTIONS = {name: tuple(sorted(types)) for name, types in _TYPES.items()}


class RecipeError(ValueError):
    """An option value a recipe cannot use; the message names option=value."""


def build_recipe(recipe: str, arm_name: str, options: Mapping[str, object]) -> Agent:
    """The agent of a built-in recipe; raises RecipeError naming the bad option."""
    kwargs: dict[str, object] = {}
    for key, value in options.items():
        try:
            kwargs[key] = _TYPES[recipe][key](value)
        except (TypeError, ValueError):
            raise RecipeError(f"option {key}={value!r}: not a valid "
                              f"{_TYPES[recipe][key].__name__.strip('_')}") from None
    prices = kwargs.pop("prices", None)
    if isinstance(prices, dict):
        kwargs.setdefault("price_input", float(prices.get("input", 0.0)))
        kwargs.setdefault("price_output", float(prices.get("output", 0.0)))
    if not kwargs.get("model"):
        raise RecipeError(f"agent {recipe!r} needs model=..., e.g. --arm "
                          f"{arm_name}={recipe}:model=M,tools=code_only")
    if kwargs.get("tools", "tool_rich" if recipe != "openai" else "code_only") not in SURFACES:
        raise RecipeError(f"option tools={kwargs['tools']!r}: expected one of {', '.join(SURFACES)}")
    return _CLASSES[recipe](name=arm_name, **kwargs)
