import asyncio

from thirteen.app import run


async def main():
    await run()


asyncio.run(main())
