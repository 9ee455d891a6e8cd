"""The dice engine: reading a roll, exact distributions, keeping, flex orders, opposed rolls (How the dice work §1-5).

No rule of any game lives here; the games' rules and the dice/ resolvers build on it.
"""
