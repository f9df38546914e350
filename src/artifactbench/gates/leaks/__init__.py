"""Gates looking for the answer reaching the agent: the spec's path/name scan (`leaks`), reference
content in what the agent reads (`content_leaks`), and grader details quoting it (`detail_leaks`)."""

from artifactbench.gates.leaks._content import content_leaks_gate
from artifactbench.gates.leaks._detail import detail_leaks_gate
from artifactbench.gates.leaks._spec import find_leaks, leaks_gate
from artifactbench.gates.leaks._values import Distinctive, distinctive, quoted_in, significant_digits

__all__ = [
    "Distinctive",
    "content_leaks_gate",
    "detail_leaks_gate",
    "distinctive",
    "find_leaks",
    "leaks_gate",
    "quoted_in",
    "significant_digits",
]
