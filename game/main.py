import asyncio

from thirteen.ui.launch import run


async def main():
    await run()


asyncio.run(main())
