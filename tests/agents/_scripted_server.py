"""A scripted model server on 127.0.0.1 for tests: OpenAI chat completions, OpenAI responses and
Anthropic messages, each plain or streamed (SSE), playing a fixed list of steps.

Every request to a model endpoint takes the next step of the script. A step is what the model says:
text and/or tool calls, with the token usage to report, or an HTTP error status (to test retries).
A tool call names a tool by suffix (`execute_code` matches `mcp__exec__execute_code`), resolved
against the tools the request offers, so one script serves every client. Requests that offer no tools
while the script expects tool use are side requests of a CLI (titles, probes): they get a short
text with zero usage and are not part of the script. This is a test double of the model only; the
agents driving it are real.
"""

from __future__ import annotations

import json
import threading
import uuid
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

__all__ = ["ScriptedModel", "Step", "ToolCall"]


@dataclass(frozen=True)
class ToolCall:
    name: str  # exact tool name, or a suffix of one offered in the request
    arguments: dict


@dataclass(frozen=True)
class Step:
    text: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    input_tokens: int = 0
    output_tokens: int = 0
    status: int = 200  # an error status is served as such (and counts as no turn)


@dataclass
class ScriptedModel:
    steps: list[Step]
    served: list[tuple[str, Step]] = field(default_factory=list)  # (api, step) in order
    requests: list[dict] = field(default_factory=list)
    side_requests: list[dict] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._lock = threading.Lock()
        self._http = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._thread = threading.Thread(target=self._http.serve_forever, daemon=True)

    def __enter__(self) -> ScriptedModel:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._http.shutdown()
        self._http.server_close()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._http.server_address[1]}"

    def totals(self) -> tuple[int, int, int]:
        """(turns, input tokens, output tokens) the script served, errors excluded."""
        ok = [s for _, s in self.served if s.status == 200]
        return len(ok), sum(s.input_tokens for s in ok), sum(s.output_tokens for s in ok)

    def next_step(self, api: str, body: dict) -> Step | None:
        with self._lock:
            self.requests.append(body)
            wants_tools = any(s.tool_calls for s in self.steps)
            if (wants_tools and not body.get("tools")) or not self.steps:
                self.side_requests.append(body)
                return None
            step = self.steps.pop(0)
            self.served.append((api, step))
            return step


def _tool_names(api: str, body: dict) -> list[str]:
    names = []
    for tool in body.get("tools") or []:
        if api == "chat":
            names.append(tool.get("function", {}).get("name", ""))
        elif tool.get("type") == "namespace":  # the responses API groups a server's tools
            names += [f"{tool['name']}/{t.get('name', '')}" for t in tool.get("tools") or []]
        else:
            names.append(tool.get("name", ""))
    return [n for n in names if n]


def _resolve(name: str, offered: list[str]) -> str:
    if name in offered:
        return name
    matches = [n for n in offered if n.endswith(name)]
    if len(matches) != 1:
        raise LookupError(f"tool {name!r}: offered {offered}")
    return matches[0]


def _chat(step: Step, model: str, names: list[str], stream: bool) -> list[dict] | dict:
    calls = [{"id": f"call_{i}_{uuid.uuid4().hex[:8]}", "type": "function",
              "function": {"name": _resolve(c.name, names), "arguments": json.dumps(c.arguments)}}
             for i, c in enumerate(step.tool_calls)]
    usage = {"prompt_tokens": step.input_tokens, "completion_tokens": step.output_tokens,
             "total_tokens": step.input_tokens + step.output_tokens}
    finish = "tool_calls" if calls else "stop"
    base = {"id": f"chatcmpl-{uuid.uuid4().hex[:12]}", "created": 0, "model": model}
    if not stream:
        msg = {"role": "assistant", "content": step.text or None, **({"tool_calls": calls} if calls else {})}
        return {**base, "object": "chat.completion", "usage": usage,
                "choices": [{"index": 0, "message": msg, "finish_reason": finish}]}
    chunk = {**base, "object": "chat.completion.chunk"}
    out = [{**chunk, "choices": [{"index": 0, "delta": {"role": "assistant", "content": step.text},
                                  "finish_reason": None}]}]
    for i, c in enumerate(calls):
        out.append({**chunk, "choices": [{"index": 0, "delta": {"tool_calls": [{"index": i, **c}]},
                                          "finish_reason": None}]})
    out.append({**chunk, "choices": [{"index": 0, "delta": {}, "finish_reason": finish}]})
    out.append({**chunk, "choices": [], "usage": usage})
    return out


def _anthropic(step: Step, model: str, names: list[str], stream: bool) -> list[tuple[str, dict]] | dict:
    blocks: list[dict] = [{"type": "text", "text": step.text}] if step.text else []
    blocks += [{"type": "tool_use", "id": f"toolu_{uuid.uuid4().hex[:12]}",
                "name": _resolve(c.name, names), "input": c.arguments} for c in step.tool_calls]
    stop = "tool_use" if step.tool_calls else "end_turn"
    usage = {"input_tokens": step.input_tokens, "output_tokens": step.output_tokens,
             "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
    msg = {"id": f"msg_{uuid.uuid4().hex[:12]}", "type": "message", "role": "assistant", "model": model,
           "stop_sequence": None}
    if not stream:
        return {**msg, "content": blocks, "stop_reason": stop, "usage": usage}
    events = [("message_start", {"type": "message_start", "message": {
        **msg, "content": [], "stop_reason": None, "usage": {**usage, "output_tokens": 0}}})]
    for i, b in enumerate(blocks):
        if b["type"] == "text":
            events.append(("content_block_start", {"type": "content_block_start", "index": i,
                                                   "content_block": {"type": "text", "text": ""}}))
            delta = {"type": "text_delta", "text": b["text"]}
        else:
            events.append(("content_block_start", {"type": "content_block_start", "index": i,
                                                   "content_block": {**b, "input": {}}}))
            delta = {"type": "input_json_delta", "partial_json": json.dumps(b["input"])}
        events.append(("content_block_delta", {"type": "content_block_delta", "index": i, "delta": delta}))
        events.append(("content_block_stop", {"type": "content_block_stop", "index": i}))
    events.append(("message_delta", {"type": "message_delta", "delta": {"stop_reason": stop,
                   "stop_sequence": None}, "usage": {"output_tokens": step.output_tokens}}))
    events.append(("message_stop", {"type": "message_stop"}))
    return events


def _responses(step: Step, model: str, names: list[str]) -> list[tuple[str, dict]]:
    rid = f"resp_{uuid.uuid4().hex[:12]}"
    items: list[dict] = []
    if step.text:
        items.append({"type": "message", "id": f"msg_{uuid.uuid4().hex[:8]}", "role": "assistant",
                      "status": "completed",
                      "content": [{"type": "output_text", "text": step.text, "annotations": []}]})
    for c in step.tool_calls:
        space, _, name = _resolve(c.name, names).rpartition("/")
        items.append({"type": "function_call", "id": f"fc_{uuid.uuid4().hex[:8]}", "status": "completed",
                      "call_id": f"call_{uuid.uuid4().hex[:8]}", "name": name,
                      **({"namespace": space} if space else {}), "arguments": json.dumps(c.arguments)})
    usage = {"input_tokens": step.input_tokens, "output_tokens": step.output_tokens,
             "total_tokens": step.input_tokens + step.output_tokens,
             "input_tokens_details": {"cached_tokens": 0},
             "output_tokens_details": {"reasoning_tokens": 0}}
    resp = {"id": rid, "object": "response", "model": model, "status": "in_progress", "output": []}
    events = [("response.created", {"type": "response.created", "response": resp})]
    for i, item in enumerate(items):
        events.append(("response.output_item.added", {"type": "response.output_item.added",
                                                      "output_index": i, "item": item}))
        if item["type"] == "message":
            events.append(("response.output_text.delta", {
                "type": "response.output_text.delta", "output_index": i, "content_index": 0,
                "item_id": item["id"], "delta": step.text}))
        events.append(("response.output_item.done", {"type": "response.output_item.done",
                                                     "output_index": i, "item": item}))
    done = {**resp, "status": "completed", "output": items, "usage": usage}
    events.append(("response.completed", {"type": "response.completed", "response": done}))
    return events


def _handler(model: ScriptedModel) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: object) -> None:
            pass

        def _send(self, status: int, body: dict) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _sse(self, events: list, named: bool) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Connection", "close")
            self.end_headers()
            for ev in events:
                name, data = ev if named else (None, ev)
                head = f"event: {name}\n" if name else ""
                self.wfile.write(f"{head}data: {json.dumps(data)}\n\n".encode())
                self.wfile.flush()
            if not named:
                self.wfile.write(b"data: [DONE]\n\n")
            self.wfile.flush()
            self.close_connection = True

        def do_GET(self) -> None:  # noqa: N802 - model listings and probes
            self._send(200, {"object": "list", "data": []})

        def do_POST(self) -> None:  # noqa: N802
            length = int(self.headers.get("Content-Length") or 0)
            body = json.loads(self.rfile.read(length) or b"{}")
            path = self.path.split("?")[0]
            if path.endswith("/count_tokens"):
                return self._send(200, {"input_tokens": 1})
            api = ("chat" if path.endswith("/chat/completions") else "anthropic"
                   if path.endswith("/messages") else "responses" if path.endswith("/responses") else "")
            if not api:
                model.errors.append(f"unknown path {self.path}")
                return self._send(404, {"error": {"message": f"no route {path}"}})
            step = model.next_step(api, body) or Step(text="ok")
            if step.status != 200:
                return self._send(step.status, {"error": {"type": "scripted", "message": "scripted error"}})
            name, stream = body.get("model", "m"), bool(body.get("stream"))
            try:
                names = _tool_names(api, body)
                if api == "chat":
                    out = _chat(step, name, names, stream)
                    return self._sse(out, False) if stream else self._send(200, out)  # type: ignore[arg-type]
                if api == "anthropic":
                    out = _anthropic(step, name, names, stream)
                    return self._sse(out, True) if stream else self._send(200, out)  # type: ignore[arg-type]
                return self._sse(_responses(step, name, names), True)
            except LookupError as exc:
                model.errors.append(str(exc))
                return self._send(400, {"error": {"message": str(exc)}})

    return Handler
