"""The seed's textbook search over a small game interface, used only by the tests."""
