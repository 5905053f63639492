"""Moves of Pyramid 13 deals that the interface tests play to a round's end."""

ROUND_ONE = (
    "3s+Td 2s+Js D Kh D D D 4d+9s 2h+Jh Ks 6s+7c D D D As+Qs Ad+Qh 4s+9d D D Kd Kc "
    "5s+8h 5d+8d 5c+8s D 4h+9c 3d+Ts"
).split()
"""Pyramid 13 deal 3's first round, one draw short of its end (the last draw ends it)."""
