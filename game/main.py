import asyncio

from thirteen.ui.app import run


async def main():
    await run()


asyncio.run(main())
