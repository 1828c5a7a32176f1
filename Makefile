# Two commands do all the set-up: `make run` compiles and runs the shipped MLP, `make test` runs
# every test. Both create .venv and install the project into it on first use.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint pyc lit pytest bench clean

$(BIN)/strata-opt: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,cuda]'
	@touch $@

run: $(BIN)/strata-opt
	$(BIN)/strata-run test/fixtures/mlp.pb --inputs test/fixtures/mlp.inputs.npz --outputs Identity \
		--compare test/fixtures/mlp.outputs.npz --bench 200

test: lint lit pytest

lint: $(BIN)/strata-opt
	$(BIN)/ruff check strata bench test examples
	$(BIN)/mypy

# Byte-compiled once here: lit and the tests start hundreds of Python processes, and none keeps
# its compiled modules where PYTHONDONTWRITEBYTECODE is set (each would compile ~0.3 s of source).
pyc: $(BIN)/strata-opt
	$(BIN)/python -m compileall -q strata

lit: pyc
	PATH=$(CURDIR)/$(BIN):$$PATH $(BIN)/lit -sv test examples

pytest: pyc
	$(BIN)/pytest -n auto test

bench: $(BIN)/strata-opt
	$(BIN)/python bench/bench_mlp.py

clean:
	rm -rf $(VENV) *.egg-info
