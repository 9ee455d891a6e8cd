"""Boarding (v1.2.4 Actions page): the resolver, the firefight's exact odds, the activation chain, one activation step by step."""
