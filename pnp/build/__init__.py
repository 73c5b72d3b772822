"""A build: the validation gate, files written atomically under a lock with their manifest,
the typesetter process, print-shop images and `--watch`.
"""
