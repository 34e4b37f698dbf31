# Courier: the two set-up commands are `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test console lint typecheck pytest fuzz bench map-coasts clean

$(STAMP): pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade "pip==25.3"
	$(BIN)/python -m pip install --quiet --require-virtualenv -r requirements.lock
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m bot

console: $(STAMP)
	$(BIN)/python -m bot console

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

# Two worker processes (pytest-xdist), one per core of the project's machines: each has its
# own temporary folders and, when its tests need one, its own throwaway PostgreSQL server.
# worksteal: a worker that runs out of tests takes half of the other's, so the long
# SimCord games at the front of tests/discord do not leave one core idle at the end.
pytest: $(STAMP)
	$(BIN)/pytest -m "not slow" --numprocesses=2 --dist=worksteal

test: lint typecheck pytest

# Long runs: random games of every game at every player count (1,000 each, fewer for the long
# campaigns: see tests/fuzz.py), then the long fault and load tests.
fuzz: $(STAMP)
	$(BIN)/python -m tests.fuzz
	$(BIN)/pytest -m slow tests/proof

# The map benchmark compares with the diplomacy package's renderer: a benchmark extra only.
bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -c requirements.lock diplomacy==1.1.2 cairosvg==2.9.1
	$(BIN)/python -m tests.bench

# Natural Earth's coasts for Struggle of Empires, converted once into a committed asset; the
# converter's packages are a build extra (pyproject's map-build), not the bot's dependencies.
map-coasts: $(STAMP)
	$(BIN)/python -m pip install --quiet -c requirements.lock pyogrio==0.13.0 pyshp==3.1.6 shapely==2.1.2
	$(BIN)/python assets/maps/convert_natural_earth.py
	$(BIN)/python assets/maps/build_struggle_map.py

clean:
	rm -rf $(VENV)
