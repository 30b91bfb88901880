"""The doubling cube: cubeful equities, take points, match equities and the cube decision."""
