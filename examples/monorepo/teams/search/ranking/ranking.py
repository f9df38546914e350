"""The search team's own library: Pants lints and tests it; artifactbench never appears beside it."""


def top_k(scores: dict[str, float], k: int) -> list[str]:
    """The k best-scored ids, best first; ties broken by id."""
    return [doc for doc, _ in sorted(scores.items(), key=lambda item: (-item[1], item[0]))[:k]]
