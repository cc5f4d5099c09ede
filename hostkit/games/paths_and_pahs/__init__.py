"""Paths and PAHs (Main Match, 5 to 16 players): a shifting 6x6 board of hap cards, walked to make PAHs.

Rule sheet: seeds/002_40f9e284857a4163.txt; rulings: RULINGS.md, Paths and PAHs.
"""
