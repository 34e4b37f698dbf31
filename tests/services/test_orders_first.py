"""Players' orders go before background work: the gates tell the scheduler when an order
is in progress, and it waits for the order to end, without being stopped by a stream."""

from __future__ import annotations

import asyncio

from bot.services.gates import StepGates


async def test_with_no_order_in_progress_nothing_waits() -> None:
    gates = StepGates()
    assert not gates.orders_in_progress()
    await gates.after_orders(at_most=60)


async def test_background_work_waits_for_the_orders_in_progress() -> None:
    gates = StepGates()
    happened: list[str] = []
    release = asyncio.Event()

    async def order(campaign_id: int) -> None:
        async with gates.one_at_a_time(campaign_id):
            await release.wait()
            happened.append(f"order {campaign_id}")

    orders = [asyncio.create_task(order(campaign_id)) for campaign_id in (1, 2)]
    await asyncio.sleep(0)
    assert gates.orders_in_progress()

    async def background() -> None:
        await gates.after_orders(at_most=60)
        happened.append("background")

    waiting = asyncio.create_task(background())
    await asyncio.sleep(0)
    release.set()
    await asyncio.gather(waiting, *orders)
    assert happened == ["order 1", "order 2", "background"]
    assert not gates.orders_in_progress()


async def test_an_order_that_never_ends_delays_background_work_only_so_long() -> None:
    gates = StepGates()
    stuck = asyncio.Event()

    async def order() -> None:
        async with gates.one_at_a_time(1):
            await stuck.wait()

    held = asyncio.create_task(order())
    await asyncio.sleep(0)
    await gates.after_orders(at_most=0.01)
    assert gates.orders_in_progress()
    stuck.set()
    await held
