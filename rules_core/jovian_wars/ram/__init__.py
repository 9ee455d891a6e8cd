"""Ram (v1.2.4 Actions page): the resolver, a Capital Ship ramming a Capital Ship, a Squadron ramming one."""
