# Shortcuts for dev.py, which needs nothing but Python 3.11+.
.PHONY: run test setup conformance bench
run:
	python3 dev.py run
test:
	python3 dev.py test
setup:
	python3 dev.py setup
conformance:
	python3 dev.py conformance
bench:
	python3 dev.py bench
