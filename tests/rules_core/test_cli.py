"""`python -m rules_core`: the commands print the entry point's JSON; bad input is one clear line, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rules_core.__main__ import EXIT_BROKEN_PIPE, EXIT_REFUSED, main
from tests.timing import seconds

ROOT = Path(__file__).resolve().parents[2]

BAD_INPUTS = [
    pytest.param(["describe", "dice/nothing"], "Resolver", "no resolver with id", id="unknown-id"),
    pytest.param(["odds", "dice/unopposed", "--inputs", "{base: 3"], "--inputs", "not valid JSON", id="bad-json"),
    pytest.param(["odds", "dice/unopposed", "--inputs", '{"roll": {"base": -1}}'], "Roll: Base dice", "from 0 to 30, not -1", id="rating-minus-one"),
    pytest.param(["resolve", "dice/unopposed", "--inputs", '{"roll": {"base": 3, "dice": [1, 2, 7]}}'], "Roll: Dice rolled (base and flex)",
                 "die 3 shows 1 to 6, not 7", id="die-shows-7"),
    pytest.param(["resolve", "dice/unopposed", "--inputs", '{"roll": {"base": 3, "flex": 1, "dice": [1, 2, 3, 4, 5]}}'], "Roll: Dice rolled (base and flex)",
                 "the pool rolls 4 dice (base 3 + flex 1), got 5", id="five-dice-for-four"),
    pytest.param(["odds", "dice/unopposed", "--inputs", '{"roll": {"base": 500}}'], "Roll: Base dice", "from 0 to 30, not 500", id="pool-of-500"),
    pytest.param(["odds", "dice/unopposed", "--inputs", '{"roll": {"macro": 11}}'], "Roll: Macro dice", "from -10 to 10, not 11", id="macro-11"),
    pytest.param(["odds", "dice/unopposed", "--inputs", '{"roll": {"flex": 6, "modifier": 2}}'], "Roll: Flex dice",
                 "0 to 6 after the attack modifier +2, got 7", id="flex-past-cap-after-modifier"),
    pytest.param(["odds", "dice/opposed", "--inputs", '{"primary": {"base": 31}}'], "Primary (acting): Base dice", "from 0 to 30, not 31",
                 id="grouped-field"),
    pytest.param(["resolve", "dice/unopposed", "--inputs", '{"bse": 3}'], "Inputs", "'bse' is not an input here", id="unknown-input"),
    pytest.param(["odds", "jovian-wars/v1.2.4/ram", "--inputs", '{"target_ship": {"sensors": 9}}'], "Target: Sensors boxes left",
                 "from 0 to 6, not 9", id="ship-number-out-of-range"),
    pytest.param(["odds", "jovian-wars/v1.2.4/boarded", "--inputs", '{"ship": {"marines": "two"}}'],
                 "Boarded ship: Defending Marines (current)", "from 0 to 15, not 'two'", id="ship-number-not-a-number"),
    pytest.param(["odds", "jovian-wars/v1.2.4/critical-hit", "--inputs", '{"ship": [4, 3, 2]}'], "Ship",
                 "the ship's numbers by name (defense, sensors, thrusters, marines, structure", id="ship-not-an-object"),
    pytest.param(["odds", "jovian-wars/v1.2.4/explosion", "--inputs", '{"target_ship": {"hull": 2}}'], "Target",
                 "'hull' is not an input here (expected: defense, sensors,", id="ship-unknown-number"),
    pytest.param(["odds", "jovian-wars/v1.2.4/ram", "--inputs", '{"ramming_ship": {"structure": 3, "start_structure": 2}}'],
                 "Ramming ship: Structure left", "at most the starting Structure (2), got 3", id="ship-left-above-start"),
    pytest.param(["frobnicate"], "usage", "invalid choice", id="unknown-command"),
    pytest.param(["odds", "dice/unopposed", "--inputs", "[3]"], "--inputs", "a JSON object like", id="json-not-object"),
    # The causes a fuzz run found: each was a traceback before.
    pytest.param(["odds", "dice/unopposed", "--inputs", '{"roll": {"base": "²"}}'], "Roll: Base dice", "from 0 to 30, not '²'",
                 id="superscript-two"),
    pytest.param(["odds", "dice/unopposed", "--inputs", '{"roll": {"base": "+-3"}}'], "Roll: Base dice", "not '+-3'", id="two-signs"),
    pytest.param(["odds", "dice/unopposed", "--inputs", '{"roll": {"base": ' + "9" * 5000 + "}}"], "--inputs",
                 "a number too long to read", id="int-of-5000-digits"),
    pytest.param(["odds", "dice/unopposed", "--inputs", '{"roll": {"base": ' + "[" * 1000 + "]" * 1000 + "}}"], "--inputs",
                 "more than 256 lists or objects", id="nested-1000-deep"),
    pytest.param(["odds", "dice/unopposed", "--inputs", '{"roll": {"base": "' + "7" * 100_000 + '"}}'], "Roll: Base dice",
                 "from 0 to 30, not '777", id="100-kB-value"),
    pytest.param(["resolve", "dice/unopposed", "--inputs", '{"roll": {"dice": ["²"]}}'], "Roll: Dice rolled (base and flex)",
                 "die 1 shows 1 to 6, not '²'", id="superscript-die"),
]


@pytest.mark.parametrize(("argv", "field", "says"), BAD_INPUTS)
def test_bad_input_is_one_line_naming_the_field(argv, field, says, capsys):
    """Assert the refusal exits non-zero with one stderr line naming the field and what is allowed."""
    assert main(argv) == EXIT_REFUSED
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"error: {field}: ")
    assert says in lines[0]
    assert len(lines[0]) < 300, "a refused value is echoed shortened, never whole"
    assert "Traceback" not in err


def test_list_prints_every_dice_resolver(capsys):
    """Assert `list` prints one id per line, the dice resolvers among them."""
    assert main(["list"]) == 0
    ids = capsys.readouterr().out.split()
    assert {"dice/unopposed", "dice/skill-test", "dice/opposed"} <= set(ids)
    assert ids == sorted(ids)


def test_odds_prints_the_entry_points_json(capsys):
    """Assert `odds` prints exact fractions: three dice make a Double or better 4 times in 9."""
    assert main(["odds", "dice/unopposed", "--inputs", '{"roll": {"base": 3}}']) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["resolver"] == "dice/unopposed"
    assert answer["magnitude"] == {"N": "5/9", "D": "5/12", "T": "1/36", "Q": "0/1"}


def test_describe_with_inputs_gives_dice_needed(capsys):
    """Assert `describe` with inputs tells the keypad how many faces each input needs."""
    assert main(["describe", "dice/unopposed", "--inputs", '{"roll": {"base": 3, "flex": 1, "macro": -2}}']) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["dice_needed"] == {"roll.dice": 4, "roll.macro_dice": 2, "roll.set_aside": 1}


@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide has no subprocesses")
@pytest.mark.parametrize(("argv", "field", "says"), BAD_INPUTS)
def test_the_real_command_refuses_without_traceback(argv, field, says):
    """Assert the installed command (a real process) exits non-zero with the same single line."""
    done = subprocess.run([sys.executable, "-m", "rules_core", *argv], cwd=ROOT, capture_output=True, text=True, timeout=seconds(60))
    assert done.returncode != 0
    assert done.stderr.strip().splitlines() == [done.stderr.strip()]
    assert field in done.stderr and says in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide has no subprocesses")
def test_the_real_command_resolves():
    """Assert `python -m rules_core resolve` prints the outcome and its steps."""
    done = subprocess.run([sys.executable, "-m", "rules_core", "resolve", "dice/unopposed", "--inputs",
                           '{"roll": {"base": 3, "flex": 1, "macro": 1, "dice": [2, 2, 5, 5], "macro_dice": [5]}}'],
                          cwd=ROOT, capture_output=True, text=True, timeout=seconds(60))
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["outcome"]["headline"] == "[T5]"
    assert any("Set aside 1 flex die: 2" in step for step in answer["steps"])


@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide has no subprocesses")
def test_a_reader_that_leaves_gets_no_traceback():
    """Assert `... | head` (stdout's reader gone before the answer is written) exits 141 quietly."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run([sys.executable, "-m", "rules_core", "describe", "dice/opposed"], cwd=ROOT,
                              stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=seconds(60))
    finally:
        os.close(write_end)
    assert (done.returncode, done.stderr) == (EXIT_BROKEN_PIPE, "")


def test_a_ship_is_given_as_one_json_object(capsys):
    """Assert the command line takes a Capital Ship as one object of its numbers, the rest at their defaults."""
    ship = {"defense": 1, "sensors": 0, "thrusters": 1, "marines": 1, "structure": 1, "traits": 0, "weapons": 0}
    assert main(["resolve", "jovian-wars/v1.2.4/critical-hit", "--inputs", json.dumps({"ship": ship, "critical": "Defense"})]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["inputs"]["ship"] == {**ship, "skill": 3, "trait_boxes": 1, "trait2_boxes": 1, "spinal": 0,
                                       "armor_front": 0, "armor_flank": 0, "armor_rear": 0}
    assert answer["outcome"]["boxes"]["Defense"] == 0 and answer["outcome"]["effect"] == "Defense loses a box"
