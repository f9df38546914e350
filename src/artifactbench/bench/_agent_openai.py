"""The built-in `openai` agent: a tool-calling loop over the official openai SDK.

Works with any OpenAI-compatible chat-completions endpoint (hosted APIs, vLLM, Ollama, a gateway).
One turn is one model response; the loop ends when the model answers without tool calls, at
`max_turns`, or at the job's deadline. 429 and 5xx answers (and lost connections) are retried with
exponential backoff; other API errors end the run.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from dataclasses import dataclass

import openai

from artifactbench.bench._agent_tools import SURFACES, ToolBox, tool_specs
from artifactbench.bench._agents import AgentRequest, AgentResult
from artifactbench.bench._command import CommandAgent
from artifactbench.bench._transcript import Redactor, Transcript
from artifactbench.mcp_exec import CodeRunner, read_code_runs

__all__ = ["OpenAIAgent", "SYSTEM_PROMPT"]

SYSTEM_PROMPT = (
    "You are a coding agent working in a task's directory, which is your working directory. Use "
    "the tools to inspect the inputs and to write the requested output file at the path the task "
    "names (relative to the working directory). When the file is written, reply with a short final "
    "message and no tool call.")


@dataclass(frozen=True, slots=True)
class OpenAIAgent:
    """Arm options: model, base_url, api_key_env, tools (a surface), max_turns, retries,
    price_input/price_output (USD per million tokens; no price, no cost), exec_timeout (seconds per
    code run), output_cap (bytes per code run), temperature, stream (SSE responses)."""

    name: str
    model: str
    base_url: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    tools: str = "code_only"
    max_turns: int = 50
    retries: int = 4
    backoff_s: float = 1.0
    price_input: float | None = None
    price_output: float | None = None
    exec_timeout: float = 60.0
    output_cap: int = 20_000
    temperature: float | None = None
    stream: bool = False
    privileged: bool = False

    def __post_init__(self) -> None:
        if self.tools not in SURFACES:
            raise ValueError(f"tools={self.tools!r}: expected one of {', '.join(SURFACES)}")

    def cost(self, input_tokens: int, output_tokens: int) -> float | None:
        if self.price_input is None or self.price_output is None:
            return None
        return (input_tokens * self.price_input + output_tokens * self.price_output) / 1e6

    def run(self, request: AgentRequest) -> AgentResult:
        start = time.monotonic()
        env = CommandAgent(self.name, ()).environment(request)
        key = os.environ.get(self.api_key_env, "")
        redact = Redactor.from_env({**env, self.api_key_env: key}, [self.api_key_env])
        log = Transcript(request.transcript_file, redact)
        runner = CodeRunner(request.scratch_dir, request.home_dir / "code_runs.json",
                            self.exec_timeout, self.output_cap,
                            request.max_code_runs if request.enforce_budgets else 0,
                            tuple(sorted(env.items())))
        box = ToolBox(self.tools, request.scratch_dir, runner)
        client = openai.OpenAI(api_key=key or "none", base_url=self.base_url, max_retries=0)
        state, reason = _State(), "error"
        try:
            reason = self._loop(client, request, box, log, state)
        except openai.APIError as exc:
            reason, state.error = "api_error", redact(f"{type(exc).__name__}: {exc}")[:500]
        finally:
            log.event("end", reason=reason, turns=state.turns, input_tokens=state.tin,
                      output_tokens=state.tout, tool_calls=dict(state.calls))
            log.close()
        return AgentResult(
            exit_code=0 if reason in ("done", "max_turns") else 1,
            wall_s=time.monotonic() - start, timed_out=reason == "deadline",
            stdout_tail=f"openai agent: {reason} after {state.turns} turn(s)",
            stderr_tail=state.error, turns=state.turns, tokens=state.tin + state.tout,
            cost=self.cost(state.tin, state.tout), code_runs=read_code_runs(runner.counter_file),
            input_tokens=state.tin, output_tokens=state.tout,
            tool_calls=tuple(sorted(state.calls.items())))

    def _loop(self, client: openai.OpenAI, request: AgentRequest, box: ToolBox, log: Transcript,
              state: _State) -> str:
        messages: list[dict[str, object]] = [{"role": "system", "content": SYSTEM_PROMPT},
                                             {"role": "user", "content": request.prompt_text}]
        log.event("start", model=self.model, base_url=self.base_url, tools=self.tools,
                  messages=messages)
        while state.turns < self.max_turns:
            reply = self._complete(client, request, messages, log)
            if reply is None:
                return "deadline"
            state.turns += 1
            if reply.usage is not None:
                state.tin += reply.usage.prompt_tokens or 0
                state.tout += reply.usage.completion_tokens or 0
            msg = reply.choices[0].message
            calls = msg.tool_calls or []
            log.event("response", turn=state.turns, message=msg.model_dump(exclude_none=True),
                      usage=reply.usage.model_dump() if reply.usage else None)
            messages.append(_assistant(msg))
            if not calls:
                return "done"
            for call in calls:
                name = call.function.name
                state.calls[name] += 1
                out = box.call(name, call.function.arguments)
                log.event("tool_result", turn=state.turns, call_id=call.id, name=name, output=out)
                messages.append({"role": "tool", "tool_call_id": call.id, "content": out})
            if time.monotonic() >= request.deadline:
                return "deadline"
        return "max_turns"

    def _complete(self, client: openai.OpenAI, request: AgentRequest,
                  messages: list[dict[str, object]], log: Transcript):  # noqa: ANN202
        """One chat completion with retries; None when the deadline comes first."""
        extra = {} if self.temperature is None else {"temperature": self.temperature}
        for attempt in range(self.retries + 1):
            left = request.deadline - time.monotonic()
            if left <= 0:
                return None
            args = dict(model=self.model, messages=messages, tools=tool_specs(self.tools),
                        timeout=left, **extra)
            try:
                if not self.stream:
                    return client.chat.completions.create(**args)  # type: ignore[call-overload]
                with client.chat.completions.stream(  # type: ignore[call-overload]
                        **args, stream_options={"include_usage": True}) as events:
                    for _ in events:
                        pass
                    return events.get_final_completion()
            except (openai.RateLimitError, openai.InternalServerError, openai.APIConnectionError) as exc:
                if attempt == self.retries:
                    raise
                wait = min(self.backoff_s * 2**attempt, 30.0, max(0.0, left - 1))
                status = getattr(exc, "status_code", None)
                log.event("retry", attempt=attempt + 1, status=status, wait_s=wait)
                time.sleep(wait)
        return None


def _assistant(msg: object) -> dict[str, object]:
    """The assistant message as the next request must carry it (only the fields the API defines)."""
    out: dict[str, object] = {"role": "assistant", "content": getattr(msg, "content", None)}
    calls = getattr(msg, "tool_calls", None) or []
    if calls:
        out["tool_calls"] = [{"id": c.id, "type": "function", "function": {
            "name": c.function.name, "arguments": c.function.arguments}} for c in calls]
    return out


class _State:
    """Counters of one run (mutable, local to run())."""

    def __init__(self) -> None:
        self.turns = self.tin = self.tout = 0
        self.calls: Counter[str] = Counter()
        self.error = ""
