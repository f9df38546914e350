"""Regenerate docs/task.schema.json from the task.yaml model.

    PYTHONPATH=src python3 tools/gen_task_schema.py          # rewrite the file
    PYTHONPATH=src python3 tools/gen_task_schema.py --check  # exit 1 when the committed file is stale
    PYTHONPATH=src python3 tools/gen_task_schema.py --config # the same for docs/artifactbench.toml.schema.json
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from artifactbench.config import config_json_schema
from artifactbench.manifest import task_json_schema

SCHEMA_PATH = Path(__file__).resolve().parent.parent / "docs" / "task.schema.json"
CONFIG_SCHEMA_PATH = SCHEMA_PATH.with_name("artifactbench.toml.schema.json")


def render(config: bool = False) -> str:
    """The exact text committed at docs/task.schema.json (or docs/artifactbench.toml.schema.json)."""
    schema = config_json_schema() if config else task_json_schema()
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail instead of writing when stale")
    parser.add_argument("--config", action="store_true", help="the corpus config's schema instead")
    parser.add_argument("--output", type=Path, default=None)
    args = parser.parse_args(argv)
    args.output = args.output or (CONFIG_SCHEMA_PATH if args.config else SCHEMA_PATH)
    text = render(args.config)
    current = args.output.read_text(encoding="utf-8") if args.output.exists() else None
    if args.check:
        if current != text:
            regen = "PYTHONPATH=src python3 tools/gen_task_schema.py"
            print(f"{args.output} is stale; run: {regen}", file=sys.stderr)
            return 1
        return 0
    if current != text:
        # Atomic write: a reader never sees half a schema.
        fd, tmp = tempfile.mkstemp(dir=args.output.parent, prefix=".task.schema.")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.chmod(tmp, 0o644)  # mkstemp creates 0600; the committed file is world-readable
        os.replace(tmp, args.output)
    print(args.output)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
