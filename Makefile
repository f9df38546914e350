# Convenience targets (spec 5.4, 5.5). CI invokes the individual check-graders-* targets.
PYTHON ?= python3
TASKS ?= problems

.PHONY: check-graders check-graders-positive check-graders-negative check-graders-leaks test

check-graders: check-graders-positive check-graders-negative check-graders-leaks

check-graders-positive:
	$(PYTHON) tools/verify_graders.py $(TASKS)

check-graders-negative:
	$(PYTHON) tools/check_grader_negative.py $(TASKS)

check-graders-leaks:
	$(PYTHON) tools/check_grader_leaks.py $(TASKS)

test:
	./pants test ::
