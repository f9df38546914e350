from teams.search.ranking.ranking import top_k


def test_top_k_orders_by_score_then_id() -> None:
    assert top_k({"b": 1.0, "a": 1.0, "c": 2.0}, 2) == ["c", "a"]
