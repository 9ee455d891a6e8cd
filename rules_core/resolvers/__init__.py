"""One module per family of resolvers; each exports RESOLVERS, a tuple the registry reads."""
