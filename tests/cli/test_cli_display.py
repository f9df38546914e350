"""Task text in the checker's output: a grader's detail, a verifier's stderr and file names are chosen by
task code. The terminal gets them escaped on one line; the JSON report is valid Unicode (lone surrogates
made jq refuse the whole file) and JUnit XML stays well-formed."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from artifactbench._display import json_text, shown, valid_unicode
from artifactbench.cli import main

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "foreign" / "sensor_means_generated"
HOSTILE = "\x00\x1b[2J\r\n\udcff\ud800 \u2028\x9b\u202e"


@pytest.mark.parametrize("text, expected", [
    ("plain text, é, 日本", "plain text, é, 日本"),
    ("a\nb\tc\rd", "a\\nb\\tc\\rd"),
    ("\x00\x1b[2J\x07\x7f\x9b", "\\x00\\x1b[2J\\x07\\x7f\\x9b"),
    ("bad\udcff\udcfe.txt", "bad\\xff\\xfe.txt"),  # undecodable bytes carried by surrogateescape
    ("\ud800 \u2028 \u202e", "\\ud800 \\u2028 \\u202e"),
])
def test_shown_escapes_what_a_terminal_would_act_on(text, expected):
    assert shown(text) == expected


def test_json_text_has_no_lone_surrogate():
    text = json_text({"detail": HOSTILE, "k\udcff": [HOSTILE]})
    assert "\\ud" not in text.lower()  # no surrogate escape at all, paired or not
    data = json.loads(text)
    assert data["detail"] == valid_unicode(HOSTILE) and data["detail"].encode("utf-8")
    assert list(data) == ["detail", "k\ufffd"]


def _grader_says(tmp_path: Path, detail_expr: str) -> Path:
    task = tmp_path / "problems" / "bad"
    shutil.copytree(FIXTURE, task)
    hidden = task / "grader" / "hidden.py"
    hidden.write_text(hidden.read_text().replace(
        "def grade(scratch_dir):\n",
        f"def grade(scratch_dir):\n    return GradeResult(False, 0.0, {detail_expr})\n", 1))
    return task.parent


def test_a_grader_detail_with_surrogates_and_escapes_stays_valid_and_escaped(tmp_path, capsys):
    root = _grader_says(tmp_path, repr(HOSTILE * 3))
    xml = tmp_path / "junit.xml"
    code = main(["check", str(root), "--json", "--gates", "positive,fuzz", "--grader-timeout", "10",
                 "--junit-xml", str(xml)])
    out, err = capsys.readouterr()
    assert code == 1
    out.encode("utf-8")  # strict: a lone surrogate would raise here
    assert "\\ud8" not in out.lower() and "\\udc" not in out.lower(), "jq rejects lone surrogate escapes"
    report = json.loads(out)
    assert report["tasks"][0]["checks"][0]["status"] == "fail"
    for control in ("\x00", "\x1b", "\x9b", "\u2028", "\u202e"):
        assert control not in err, repr(control)
    assert "\\x1b[2J" in err
    ET.parse(xml)  # well-formed: no raw control character in the XML
