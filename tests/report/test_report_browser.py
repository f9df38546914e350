"""Acceptance: reports of real seed-v1 runs and a real check, opened in a real headless Chromium."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote

import pytest

from artifactbench.cli import main

# Every same-page link must name an element; every relative link a file beside the report.
_LINKS_JS = """() => {
  const bad = [], files = [];
  for (const a of document.querySelectorAll('a[href]')) {
    const h = a.getAttribute('href');
    if (h.startsWith('#')) { if (!document.getElementById(decodeURIComponent(h.slice(1)))) bad.push(h); }
    else files.push(h);
  }
  return {bad, files, count: document.querySelectorAll('a[href^="#"]').length};
}"""


def _open(browser, path: Path):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    messages: list[str] = []
    page.on("console", lambda m: messages.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: messages.append(f"pageerror: {e}"))
    page.on("request", lambda r: None if r.url.startswith(("file:", "data:")) else messages.append(f"net: {r.url}"))
    page.goto(path.as_uri())
    return page, messages


def _check_links(page, base: Path) -> int:
    links = page.evaluate(_LINKS_JS)
    assert links["bad"] == []
    for href in links["files"]:
        assert (base / unquote(href)).is_file(), href
    return links["count"]


def _report(run_dir: Path) -> Path:
    rc = main(["report", run_dir.name, "--runs-dir", str(run_dir.parent), "--html"])
    assert rc == 0
    return run_dir / "report.html"


@pytest.mark.parametrize(("run_id", "arm", "rate"), [("oracle", "oracle", "100%"), ("noop", "noop", "0%")])
def test_single_arm_reports_show_their_pass_rate(seed_runs, browser, shots_dir, run_id, arm, rate):
    path = _report(seed_runs[run_id])
    page, messages = _open(browser, path)
    row = page.locator("#headline-table tbody tr").first
    assert row.locator("td").nth(0).inner_text() == arm
    assert row.locator("td").nth(1).inner_text() == "12"
    assert row.locator("td").nth(5).inner_text() == rate
    assert page.locator("#matrix-table tbody tr").count() == 12
    assert page.locator(".chart svg").count() == 1
    assert _check_links(page, path.parent) >= 24
    page.screenshot(path=str(shots_dir / f"run-{run_id}.png"))
    assert messages == []
    page.close()


def test_mixed_two_arm_report(seed_runs, browser, shots_dir):
    run_dir = seed_runs["mixed"]
    summary = json.loads((run_dir / "summary.json").read_text())
    path = _report(run_dir)
    page, messages = _open(browser, path)
    page.screenshot(path=str(shots_dir / "run-mixed.png"))
    # Headline: the numbers of summary.json, per arm.
    rows = page.locator("#headline-table tbody tr")
    for i, entry in enumerate(summary["overall"]):
        cells = rows.nth(i).locator("td")
        assert cells.nth(0).inner_text() == entry["arm"]
        assert cells.nth(2).inner_text() == str(entry["pass"])
        assert cells.nth(5).inner_text() == f"{entry['pass_rate']:.0%}"
        assert cells.nth(7).inner_text() == f"{entry['mean_turns']:.2f}"
    assert [summary["overall"][0]["pass"], summary["overall"][1]["pass"]] == [18, 10]
    # The comparison is summary.json's, not recomputed.
    m = summary["comparison"]["mcnemar"]
    assert page.locator("#mcnemar").inner_text().count(f"{m['p_value']:.4g}") == 1
    intervals = page.locator("#intervals").inner_text()
    for metric, ci in summary["comparison"]["deltas"].items():
        assert ci is not None, metric  # both scripted arms report cost and turns
        assert f"{ci['low']:+.4g}" in intervals and f"{ci['high']:+.4g}" in intervals
    # Chart: the category labels are text in the inline SVG.
    svg = page.locator(".chart svg").inner_html()
    assert "OVERALL" in svg and "enumeration" in svg
    # Matrix: 12 tasks x 2 arms x 2 runs, every square a link to its job.
    assert page.locator("#matrix-table a.c").count() == 48
    assert _check_links(page, path.parent) >= 48 + 12
    # Sorting by scripted-b's passes: ascending, then descending.
    header = page.locator("#matrix-table th", has_text="scripted-b")
    header.click()
    keys = [int(k) for k in page.locator("#matrix-table tbody td:nth-child(5)").evaluate_all(
        "els => els.map(e => e.getAttribute('data-key'))")]
    assert keys == sorted(keys) and keys[0] == 0
    header.click()
    keys = [int(k) for k in page.locator("#matrix-table tbody td:nth-child(5)").evaluate_all(
        "els => els.map(e => e.getAttribute('data-key'))")]
    assert keys == sorted(keys, reverse=True) and keys[0] == 2
    # A square opens its job: verdict, grader detail and the agent's (escaped) output.
    page.locator("#matrix-table tbody tr").first.locator("a.c").first.click()
    job = page.locator(".job:target")
    job.wait_for(state="visible", timeout=10_000)  # the page opens it on hashchange
    assert job.count() == 1 and "Grader detail" in job.inner_text()
    # Hostile output stays text: one script (ours), no injected image, title untouched.
    assert page.locator("script").count() == 1 and page.locator("img").count() == 0
    assert page.title() == "artifactbench run mixed"
    texts = page.locator(".job pre").all_text_contents()
    assert any("<script>document.title='pwned'</script>" in t for t in texts)
    assert any("</pre><img src=x onerror=alert(1)>" in t for t in texts)
    assert messages == []
    page.close()


def test_check_report(check_report, browser, shots_dir):
    doc = json.loads((check_report.parent / "check.json").read_text())
    page, messages = _open(browser, check_report)
    page.screenshot(path=str(shots_dir / "check.png"))
    rows = page.locator("#matrix-table tbody tr")
    assert rows.count() == len(doc["tasks"]) == 14
    gates = [c["gate"] for c in doc["tasks"][0]["checks"]]
    heads = page.locator("#matrix-table thead th").all_inner_texts()
    assert [h.strip() for h in heads[2:]] == gates
    # Sort by status, worst first: the two failing fixtures come to the top.
    status = page.locator("#matrix-table th", has_text="status")
    status.click()
    status.click()
    top = rows.nth(0).locator("td").first.inner_text(), rows.nth(1).locator("td").first.inner_text()
    assert set(top) == {t["instance_id"] for t in doc["tasks"] if t["status"] != "pass"}
    # A failing cell opens the finding with its cases.
    failing = page.locator("#matrix-table td a.fail").first
    failing.click()
    finding = page.locator(".finding:target")
    finding.wait_for(state="visible", timeout=10_000)
    assert finding.count() == 1 and finding.get_attribute("open") is not None
    assert "case" in finding.inner_text() and "back to the matrix" in finding.inner_text()
    # Each cell links to its finding, each finding back to the matrix, plus the three nav links.
    assert _check_links(page, check_report.parent) == 2 * len(doc["tasks"]) * len(gates) + 3
    assert messages == []
    page.close()


def test_large_run_mode_shows_a_job_when_its_square_is_clicked(seed_runs, browser):
    from artifactbench.bench import read_results
    from artifactbench.report.run import render_run_report
    from artifactbench.report.run._jobs import read_raw_records

    run_dir = seed_runs["mixed"]
    doc = json.loads((run_dir / "summary.json").read_text())
    path = run_dir / "report.lazy.html"
    path.write_text(render_run_report(run_dir, doc, read_results(run_dir / "results.jsonl"),
                                      read_raw_records(run_dir / "results.jsonl"),
                                      json.loads((run_dir / "run.json").read_text()), lazy=True))
    page, messages = _open(browser, path)
    assert page.locator(".job").count() == 0
    cell = page.locator("#matrix-table a.c").nth(5)
    anchor = cell.get_attribute("href")[1:]
    cell.click()
    job = page.locator(f"#{anchor}")
    job.wait_for(state="visible", timeout=10_000)  # inserted from its text on hashchange
    page.wait_for_function("id => (document.getElementById(id) || {}).innerText?.includes('Grader detail')",
                           arg=anchor, timeout=10_000)
    assert job.count() == 1 and job.is_visible() and "Grader detail" in job.inner_text()
    assert page.locator(".job").count() == 1 and page.locator("img").count() == 0
    assert messages == []
    page.close()
