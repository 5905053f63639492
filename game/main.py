"""The browser's entry (pygbag runs ``main.py``): the game's loop, which sleeps while
nothing happens (see :mod:`thirteen.ui.pacing`)."""

import asyncio

from thirteen.ui.launch import run


async def main() -> None:
    await run()


asyncio.run(main())
