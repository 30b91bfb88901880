"""The screens, each its own package, on a stack; base holds Scene, Dialog and the stack."""
