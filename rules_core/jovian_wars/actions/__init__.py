"""The Actions declared as data (`action.Action`): v1.2.4 Actions with a table, with no dice, the States, Repair; the v1.2.1 Special Actions."""
