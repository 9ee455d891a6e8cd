"""The ledger of Readings: every interpretation rules_core takes where the rules are silent.

Each Reading is a named constant citing its section of the site's page "How the dice work".
Resolvers cite them; the site shows them next to each resolver and lists them all on one page.
Correcting an interpretation is a change here (and in the code that cites it).

"How the dice work §N", here and throughout rules_core and scripts, is the section of that page
(docs/dice.md) whose heading has data-mechanics="N": the page ports section N of the mechanics
notes (sources/MECHANICS.md, the repository's copy), one heading per number. A module's first
citation of a section gives its title too (How the dice work §6b "Damage as normal"); the build links every
citation it shows to its section (scripts/build/mechanics.py), and
tests/model/test_mechanics_page.py checks that each cited section is on the page.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Reading:
    """One interpretation of an unclear or unstated rule."""

    key: str
    """Stable id, used in JSON and in the page anchors of the Readings page."""
    title: str
    """Its heading in words, as a player would name it: "Flex dice set aside for the best result"."""
    section: str
    """Where it is stated, e.g. "How the dice work §2"."""
    text: str
    """The interpretation in one or two sentences, as the site shows it."""

    def to_json(self) -> dict[str, str]:
        return {"key": self.key, "section": self.section, "text": self.text, "title": self.title}


POOL_FLOOR = Reading(
    "pool-floor", "A pool never below 0 dice", "How the dice work §2",
    "A dice pool never goes below 0 dice.",
)
FLEX_KEEPS_BEST = Reading(
    "flex-keeps-best", "Flex dice set aside for the best result", "How the dice work §2",
    "The roller sets flex dice aside after seeing every die, macro dice included; the automatic "
    "roller keeps the best final reading: highest Magnitude, then most results, then highest Values. "
    "Precisely: compare the best result's Magnitude, then the number of results, then the results "
    "listed strongest first (by Magnitude, then Value) one by one; two different readings never tie. "
    "An attack on a Squadron (Squadron Damage, a Dogfight's attacks) keeps instead the reading that takes the most "
    "Structure ([D] 1, [T] 2, [Q+] 3 each), then the best by that order: the two differ (base 4 + flex 1 rolling "
    "1,1,1,2,2 with macro 1,2: [Q1] takes 3, [T1,T2] takes 4).",
)
NO_NEGATIVE_FLEX = Reading(
    "no-negative-flex", "No negative flex dice", "How the dice work §2",
    "v1.2.4 never produces negative flex dice: penalties become negative macro dice.",
)
NEGATIVE_MACRO = Reading(
    "negative-macro", "Negative macro dice", "How the dice work §2",
    "A negative macro pool rolls as many dice as it is below zero; each die showing the face of a "
    "base result lowers that result one step (Q to T to D to gone).",
)
ARMOR_BY_ARC = Reading(
    "armor-by-arc", "A ship's Armor, arc by arc", "How the dice work §2",
    "A macro pool subtracts \"the target's Armor in the attacked arc\", so a Capital Ship's data card holds one Armor "
    "for each arc the texts name on a model's base: front, side (flank) and rear. A Ram strikes with the ramming "
    "ship's front arc (\"move its front arc into base contact\") and meets the arc of the target it rams. A "
    "Squadron's card holds one Armor, as its data card gives it (0 where it gives none): the texts name no arc of a "
    "Squadron's, and an Explosion's attack on one subtracts it.",
)
ESCALATE_DIMINISH = Reading(
    "escalate-diminish", "Escalate and Diminish", "How the dice work §3",
    "Escalate moves a result one step up (D to T to Q, Q stays Q); Diminish one step down "
    "(Q to T to D to removed); a whole roll diminished diminishes each result once.",
)
REROLL_WHOLE_POOL = Reading(
    "reroll-whole-pool", "A reroll rolls the whole pool", "How the dice work §4",
    "A reroll rolls the whole pool again.",
)
SECONDARY_ADDS_UP = Reading(
    "secondary-adds-up", "Several Secondary results add up", "How the dice work §5",
    "Several Secondary results add up: each [D] diminishes one Primary result once, each [T] two "
    "results once or one result twice; a [Q+] wipes the Primary's roll.",
)
SECONDARY_CHOOSES = Reading(
    "secondary-chooses", "The Secondary's choice", "How the dice work §5",
    "The automatic Secondary chooses which Primary results to diminish. Where the resolver knows what the roll is "
    "for (a Sabotage on the Boarded ship; a Missile's damage to a Squadron), it leaves the remainder best for the "
    "Secondary after every later step of the same rule, the damage and an Escalation included: the lowest chance "
    "of Destroyed, then Captured, then Crippled, then the least lost, Structure first. Otherwise, and to break "
    "ties, it leaves the Primary the fewest magnitude steps in total, then the weakest by the roll order (lowest "
    "best Magnitude, then fewest results, then lowest Values strongest first).",
)
POINT_DEFENSE = Reading(
    "point-defense", "Point Defense attack", "How the dice work §6",
    "A Point Defense attack is an Unopposed roll with the defending ship's current Defense rating as "
    "the base pool; its results hit as squadron damage ([D] 1, [T] 2, [Q+] 3) unless the text gives "
    "its own table.",
)
PRECISE = Reading(
    "precise", "Precise weapons", "How the dice work §6",
    "A Precise weapon's results may be applied to any rating or System Trait of the attacker's choice.",
)
HALVE_ROUNDS_DOWN = Reading(
    "halve-rounds-down", "Halving rounds down", "How the dice work §6",
    "Halving a number rounds down.",
)
GALLEY_TABLES_UNPUBLISHED = Reading(
    "galley-tables-unpublished", "War Galley: the number needed is yours to type", "How the dice work §9",
    "War Galley's dice tables are not public: the player types the number needed from their own "
    "rulebook (2d6 for ram, rake and boarding, 1d6 for grappling) and the resolver gives the exact chance; "
    "until it is typed, no chance is shown.",
)

GALLEY_SUCCESS_AT_OR_ABOVE = Reading(
    "galley-success-at-or-above", "War Galley: success at or above the number", "How the dice work §9",
    "The aid does not say which side of the rulebook's number succeeds. The War Galley resolvers ask "
    "(\"Success on\") and default to \"at or above\": the dice total plus the modifier must reach the "
    "number needed. Pick \"at or below\" if your rulebook reads the other way.",
)
GALLEY_MODIFIER_SIGN = Reading(
    "galley-modifier-sign", "War Galley: modifiers help or hinder the roller", "How the dice work §9",
    "A War Galley modifier counts for (+) or against (−) the roller whichever way success is read: it is "
    "added to the dice total for \"at or above\", subtracted for \"at or below\". The Anastrophe's "
    "\"-1 to ram attack\" after a failed rake is applied as −1 to the ram roll; if your rulebook lowers the "
    "Ram Attack rating instead, type the number needed for the lowered rating and leave the ram modifier as it was.",
)
GALLEY_ATTACKER_MOVED_ADJACENT = Reading(
    "galley-attacker-moved-adjacent", "War Galley: a ram or rake moves the attacker adjacent", "How the dice work §9",
    "A Ram, a Rake or an Anastrophe brings the attacker adjacent to its target during its move, so "
    "Avoidance's first condition (\"An enemy ship just moved adjacent\") holds against them.",
)
GALLEY_RESOLVE_RAM = Reading(
    "galley-resolve-ram", "War Galley: Reaction Ram resolves a ram", "How the dice work §9",
    "Reaction Ram's \"Resolve Ram\" rolls a ram by the reacting ship and applies the Ram row's results, "
    "the reacting ship as attacker; when that ram fails, the enemy also suffers the Reaction Ram row's "
    "\"If ram fails\" lines. So the reacting ship needs what the Ram row needs of its rating: Ram Attack > 0.",
)
GALLEY_PASS_BY_NOTE = Reading(
    "galley-pass-by-note", "War Galley: Rake(Pass-By)'s movement note", "How the dice work §9",
    "Rake(Pass-By)'s last condition reads only \"Note movement-restricted\": it is shown as a note to check "
    "in your rulebook, and refuses nothing.",
)

JW_TABLE_ROW_BY_BEST = Reading(
    "jw-table-row-by-best", "Result tables read by the best result", "How the dice work §4",
    "A Skill Test result table ([N]/[D]/[T]/[Q+] rows) is read by the best result's Magnitude: [D2,T5] "
    "selects the [T] row. Where the text names only the passing rows (\"[D+] allows\"), [N] allows nothing.",
)
JW_RAM_MODIFIERS = Reading(
    "jw-ram-modifiers", "Ram modifiers", "How the dice work §5",
    "Ram rolls take the target's side arc as a +1 attack modifier (the Valiant example's \"+1d6 for side arc\"); "
    "rear and range modifiers are typed in as a net number, converted to dice by the v1.2.4 table, and +1B for "
    "front-to-front contact is added after.",
)
RAM_CRIPPLED_RAMMER = Reading(
    "ram-crippled-rammer", "Ram: the rammer Crippled at the start, and Explosions in base contact", "Actions (v1.2.4), How the dice work §6b",
    "Both rolls are resolved as Damage first, each on the other ship, results lowest Magnitude first, then lowest "
    "Value. A ramming ship Crippled at the start of the Ram "
    "that is still in play afterwards is Destroyed and rolls once on the Catastrophic Damage Table (its systems at 0 "
    "after that damage): 8+ Explodes, anything else is Destroyed. A ship that Explodes makes the Explosion's attack on "
    "the other ship in base contact (within 3\"); a ship already Destroyed takes nothing, so each ship explodes at most once.",
)
JW_RESULTS_EACH = Reading(
    "jw-results-each", "Results count each", "How the dice work §6",
    "Losses from a roll (Point Defense on committed Marines or a ramming Squadron, a firefight's Engage) count "
    "every result on its own and add up; losses never take a rating below 0.",
)
JW_FIREFIGHT_SIMULTANEOUS = Reading(
    "jw-firefight-simultaneous", "Firefights are simultaneous", "How the dice work §6",
    "In a firefight both sides roll from their ratings at its start and the losses are applied together; "
    "\"Diminishes their results\" (Defend) diminishes each of the defender's results once.",
)
BOARDERS_CHOOSE_CAPTURE = Reading(
    "boarders-choose-capture", "Sabotage: what the Boarders hit", "How the dice work §6",
    "Sabotage's results are a Precise weapon's, so the Boarders choose the Rating or System Trait each [D] and each "
    "Critical Hit damages. Their automatic choice is the one best for them, computed exactly over the rest of the "
    "damage: the highest chance the ship is Captured (Marines 0), then that it is Destroyed, then the fewest Marines "
    "left, then Crippled, then the most damage. A target chosen by hand is hit while it can be.",
)
BOARDING_CHAIN = Reading(
    "boarding-chain", "Boarding over several activations", "How the dice work §6",
    "Capture odds over several activations: every activation of the Boarded model begins with one firefight, each "
    "side keeping its choice; a planned Purge Airlocks is declared after the firefight while the model is still "
    "Boarded, its Skill Test row reducing the ratings by half or to 0. The boarding ends when the ship is Captured, when Boarders are 0, when Marines and Boarders are both 0 "
    "(Boarded is cancelled, and without Boarders remaining the ship is not Captured), or when the ship is Destroyed "
    "(Dead or Explodes), which no capture follows. A boarding where no roll can change anything never ends.",
)
JW_ONE_DIE_CHECK = Reading(
    "jw-one-die-check", "One die for \"4+\" and \"6+\"", "How the dice work §6a",
    "\"On a 4+\" and \"On a 6+\" (Long Shot, Repair) roll one six-sided die after the Skill Test.",
)

# Jovian Wars v1.2.4 Damage, Dogfight and v1.2.1 Special Actions ----------------------------
RANDOMISE_RATING = Reading(
    "randomise-rating", "Randomising a hit on an empty Rating", "Damage (v1.2.4), How the dice work §6b",
    "A Rating Damage hit on a Rating with no boxes left is randomised among all the Ratings still above 0, Marines "
    "included (\"any remaining Ratings\"; the Tengu example has no Marines), each equally likely: one d6 picks "
    "them in data-card order (two: 1-3 / 4-6; three: 1-2 / 3-4 / 5-6; four: 1 / 2 / 3 / 4, rolling again on 5-6). "
    "With no Rating left the hit is 1 Structure Damage.",
)
STRUCTURE_THEN_CRITICAL = Reading(
    "structure-then-critical", "A [T] or [Q+]: Structure Damage, then Critical Hits", "Damage (v1.2.4), How the dice work §6b",
    "A [T] result's 1 Structure Damage is applied before its Critical Hit (a [Q+]: 2 Structure Damage, then 2 "
    "Critical Hits), in the order the table lists them; a Catastrophic Damage Table roll owed by a Structure "
    "Damage is made at once, before what follows.",
)
DESTROYED_STOPS = Reading(
    "destroyed-stops", "A Destroyed ship takes nothing more", "Damage (v1.2.4), How the dice work §6b",
    "Once a ship is Destroyed (Dead or Explode on the Catastrophic Damage Table) the rest of the attack's results "
    "have no effect on it.",
)
ATTACKER_CHOOSES = Reading(
    "attacker-chooses", "The attacker's automatic choices", "How the dice work §6",
    "Where the Damage page lets the attacker choose (the Rating, System Trait or weapon a Critical Hit damages; "
    "each [D] result by its Value or on the Marines, wherever damage is resolved as normal: attacks, Ram, Explosion, "
    "Sabotage; a Precise weapon's target), the automatic choice is the option that gives, counting exactly every "
    "roll still to come in the attack, the highest chance the target is Destroyed, then Crippled, then the most "
    "damage (boxes marked and Structure lost, a weapon damaged counting as one box), result by result, in the odds "
    "as in a resolution. Where options are equal for the attacker the steps say so (\"any: all equal\") and apply "
    "the first listed. Weapon Damage is chosen only when no Rating or System Trait can be: a box marked leaves the "
    "ship at least as damaged whatever follows. Choose by hand to play otherwise: every figure follows the choice "
    "made.",
)
SYSTEMS_AT_ZERO = Reading(
    "systems-at-zero", "Systems reduced to 0", "Damage (v1.2.4), How the dice work §6b",
    "\"Systems that have been reduced to 0\" on the Catastrophic Damage Table counts each System that had boxes and "
    "now has none, worked out from the ship's state: Defense, Sensors, Thrusters and each System Trait the ship has "
    "(\"Systems that can be damaged in addition to hits to the Defense, Sensor, or Thruster damage\"; the Uller "
    "example counts point defense and thrusters). Marines are personnel, not a System: Marines at 0 add nothing; "
    "Structure is not counted. A System entered with 0 boxes left counts as reduced to 0.",
)
EXPLOSION_ARCS = Reading(
    "explosion-arcs", "An Explosion's arcs after a Ram", "Damage (v1.2.4), How the dice work §6b",
    "An Explosion takes its Attack Modifier from where the exploding ship sits in each target's arcs (\"as if the "
    "exploding ship was armed with Turret arc Particle Cannons for the purposes of calculating arcs\"). After a Ram "
    "the ramming ship sits in the arc it rammed: a side-arc Ram gives the ramming ship's Explosion +1 against the "
    "target, and the target's Explosion meets the ramming ship's front arc (no arc modifier). Other modifiers are "
    "entered by the player.",
)
STRUCTURE_BELOW_ZERO = Reading(
    "structure-below-zero", "Structure Damage at 0 Structure", "Damage (v1.2.4)",
    "Reaching 0 Structure rolls once on the Catastrophic Damage Table; each further Structure Damage while at 0 "
    "(which cannot lower it) rolls once more.",
)
EXPLOSION_STRUCTURE = Reading(
    "explosion-structure", "An Explosion's Structure", "Damage (v1.2.4)",
    "An Explosion's AC and AS \"Structure\" is the exploding ship's starting Structure rating (its current "
    "Structure is 0 by then); its Macro 2 or 0 is reduced by the target's Armor like any weapon's Macro.",
)
DOGFIGHT_DAMAGE = Reading(
    "dogfight-damage", "Dogfight: Attack against Defense", "Dogfight (v1.2.4), How the dice work §5",
    "In a Dogfight each Squadron's Attack pool is the Primary and the other Squadron's Defense pool the Secondary "
    "of an Opposed Roll; the Attack's final results hit as Squadron Damage ([D] 1, [T] 2, [Q+] 3 Structure).",
)
DOGFIGHT_MISSILE = Reading(
    "dogfight-missile", "Dogfight: the Missile attacks of step 7", "Dogfight (v1.2.4), How the dice work §5",
    "Each declared Missile attack is an Opposed Roll: the Missile's AS (with its Macro minus Armor and any attack "
    "modifier) is the Primary, a new roll of the defending Squadron's Defense pool from step 4 the Secondary; the "
    "Primary's results left after the diminishes are then Escalated and hit as Squadron Damage. The defending "
    "Squadron places its diminishes so that it loses the least Structure after the Escalation (then as the "
    "Secondary's choice).",
)
MISSILE_TARGET_GONE = Reading(
    "missile-target-gone", "Dogfight: no Missile at a Squadron already destroyed", "Dogfight (v1.2.4), How the dice work §6",
    "The text resolves a declared Missile \"even if the firing Squadron was destroyed\" and says nothing of a "
    "destroyed target. A Missile whose target was destroyed in step 6 has nothing left to hit: it is not rolled, and "
    "no Defense is rolled against it. It was still declared, and its Fire Control spent, in step 1.",
)
POINT_DEFENSE_OPPOSES = Reading(
    "point-defense-opposes", "Point Defense against an attack's results", "Damage (v1.2.4), How the dice work §5",
    "A Squadron that tries to reduce an attack's results with its Point Defense (the Damage page's Pathfinders "
    "example) makes the Secondary roll of an Opposed Roll, its Point Defense rating as base dice; the attack is the "
    "Primary, and its results left hit as Squadron Damage.",
)
V121_DAMAGE_RATING = Reading(
    "v121-damage-rating", "Ramming Speed's Structure or Damage", "Special Actions (v1.2.1)",
    "Ramming Speed's \"Structure: 1+ or Damage: 1+\" is checked as written: the model passes with 1 or more "
    "in either rating its card shows (a Squadron's Damage track, a Capital Ship's Structure).",
)

READINGS: dict[str, Reading] = {
    reading.key: reading
    for reading in (
        POOL_FLOOR,
        FLEX_KEEPS_BEST,
        NO_NEGATIVE_FLEX,
        NEGATIVE_MACRO,
        ARMOR_BY_ARC,
        ESCALATE_DIMINISH,
        REROLL_WHOLE_POOL,
        SECONDARY_ADDS_UP,
        SECONDARY_CHOOSES,
        POINT_DEFENSE,
        PRECISE,
        HALVE_ROUNDS_DOWN,
        GALLEY_TABLES_UNPUBLISHED,
        GALLEY_SUCCESS_AT_OR_ABOVE,
        GALLEY_MODIFIER_SIGN,
        GALLEY_ATTACKER_MOVED_ADJACENT,
        GALLEY_RESOLVE_RAM,
        GALLEY_PASS_BY_NOTE,
        JW_TABLE_ROW_BY_BEST,
        JW_RAM_MODIFIERS,
        RAM_CRIPPLED_RAMMER,
        JW_RESULTS_EACH,
        JW_FIREFIGHT_SIMULTANEOUS,
        JW_ONE_DIE_CHECK,
        BOARDERS_CHOOSE_CAPTURE,
        BOARDING_CHAIN,
        RANDOMISE_RATING,
        SYSTEMS_AT_ZERO,
        STRUCTURE_THEN_CRITICAL,
        DESTROYED_STOPS,
        ATTACKER_CHOOSES,
        STRUCTURE_BELOW_ZERO,
        EXPLOSION_STRUCTURE,
        EXPLOSION_ARCS,
        DOGFIGHT_DAMAGE,
        DOGFIGHT_MISSILE,
        MISSILE_TARGET_GONE,
        POINT_DEFENSE_OPPOSES,
        V121_DAMAGE_RATING,
    )
}
"""Every Reading by key: the Readings page is drawn from this table."""


@dataclass(frozen=True, slots=True)
class Gap:
    """A section a rule points to that the texts do not hold (How the dice work §10): shown, never filled."""

    key: str
    """Stable id, used in JSON ("gap" of an outcome) and in tests."""
    section: str
    """The missing section, named as the rule points to it: "Ramming section"."""
    text: str
    """What is missing and what the resolver therefore does not say, as the site shows it."""


V121_REPAIR_GAP = Gap(
    "v121-repair", "Repair section",
    "Gap in the texts: v1.2.1's Repair section, where \"Resolve a Repair attempt\" points, is not in the texts this "
    "site holds, so what each Skill Test result repairs in v1.2.1 is not given here (v1.2.4's Repair page is "
    "another version and is not used).",
)
V121_RAMMING_GAP = Gap(
    "v121-ramming", "Ramming section",
    "Gap in the texts: v1.2.1's Ramming section, where \"Resolve a Ramming Special Action\" points, is not in the "
    "texts this site holds, so what the Skill Test result decides and how the ram is resolved in v1.2.1 are not "
    "given here.",
)
V121_BOARDING_GAP = Gap(
    "v121-boarding", "Boarding Action procedure",
    "Gap in the texts: v1.2.1's Boarding Action procedure, which Boarding Party initiates, is not in the texts "
    "this site holds.",
)

V121_BOMBING_RUN_GAP = Gap(
    "v121-bombing-run", "Bombing Run Special Action",
    "Gap in the texts: v1.2.1's Bombing Run procedure, where \"Resolve a Bombing Run Special Action\" points, is not in "
    "the texts this site holds, so how the Bombing Run is resolved in v1.2.1 is not given here.",
)
V121_DOGFIGHT_GAP = Gap(
    "v121-dogfight", "Dogfight",
    "Gap in the texts: v1.2.1's Dogfight procedure, where \"resolve a Dogfight\" points, is not in the texts this site "
    "holds, so how the Dogfight is resolved in v1.2.1 is not given here (v1.2.4's Dogfight page is another version "
    "and is not used).",
)

GALLEY_FATIGUE_GAP = Gap(
    "galley-fatigue", "fatigue rules",
    "Gap in the texts: the aid's \"Check fatigue\" points to War Galley's fatigue rules, which are not in the texts this "
    "site holds, so what the check decides is not given here.",
)
GALLEY_FOULING_GAP = Gap(
    "galley-fouling", "fouling and retraction rules",
    "Gap in the texts: the aid's \"Check for fouling/retraction\" points to War Galley's fouling and retraction rules, "
    "which are not in the texts this site holds, so what the check decides is not given here.",
)
GALLEY_LOSSES_GAP = Gap(
    "galley-losses", "boarding rules",
    "Gap in the texts: the aid's \"Possible losses\" points to War Galley's boarding rules, which are not in the texts "
    "this site holds, so which losses each side takes is not given here.",
)
GALLEY_MOVEMENT_GAP = Gap(
    "galley-movement-restricted", "movement rules",
    "Gap in the texts: the aid's \"Note movement-restricted\" points to War Galley's movement rules, which are not in "
    "the texts this site holds, so what the restriction is is not given here.",
)

GALLEY_POINTERS: dict[str, Gap] = {"Check fatigue": GALLEY_FATIGUE_GAP, "Check for fouling/retraction": GALLEY_FOULING_GAP,
                                   "Possible losses": GALLEY_LOSSES_GAP, "movement-restricted": GALLEY_MOVEMENT_GAP}
"""A War Galley aid line's words that hand the play to a rulebook section the texts do not hold -> its gap."""

GAPS: dict[str, Gap] = {gap.key: gap for gap in (V121_REPAIR_GAP, V121_RAMMING_GAP, V121_BOARDING_GAP,
                                                 V121_BOMBING_RUN_GAP, V121_DOGFIGHT_GAP, *GALLEY_POINTERS.values())}
"""Every gap in the texts a resolver shows, by key."""
