"""Writes pax_britannica.json, Courier's provisional reconstruction of the game's tables.

Run once by hand (`python rulesets/pax_britannica/data/make_data.py`); the JSON it writes is
the shipped data. Every value defaults to `reconstructed`; the facts the rules text gives are
marked `rules` (or `example` when only a worked example gives them). A group that owns the
game replaces the JSON with its transcription of the printed tables.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

OUT = Path(__file__).with_name("pax_britannica.json")

SEAS = {
    # id: (number, adjacent seas in peace)
    "north_sea": (1, ["baltic", "north_atlantic"]),
    "baltic": (2, ["north_sea"]),
    "north_atlantic": (3, ["north_sea", "caribbean", "south_atlantic", "mediterranean"]),
    "caribbean": (4, ["north_atlantic", "south_atlantic"]),
    "south_atlantic": (5, ["north_atlantic", "caribbean", "indian_ocean", "south_pacific"]),
    "mediterranean": (6, ["north_atlantic", "black_sea", "indian_ocean"]),
    "black_sea": (7, ["mediterranean"]),
    "indian_ocean": (8, ["mediterranean", "south_atlantic", "south_china_sea", "south_pacific"]),
    "south_china_sea": (9, ["indian_ocean", "north_china_sea", "south_pacific"]),
    "north_china_sea": (10, ["south_china_sea", "north_pacific"]),
    "north_pacific": (11, ["north_china_sea", "south_pacific"]),
    "south_pacific": (12, ["south_atlantic", "indian_ocean", "south_china_sea", "north_pacific"]),
}
RULES_SEA_LINKS = {("mediterranean", "north_atlantic"), ("mediterranean", "black_sea"),
                   ("mediterranean", "indian_ocean")}

# id: (region, type, EV, CC, seas)
AREAS: dict[str, tuple[str, str, int, int, list[str]]] = {
    "alaska": ("americas", "unorganized", 2, 0, ["north_pacific"]),
    "canada": ("americas", "unorganized", 4, 1, ["north_atlantic", "north_pacific"]),
    "mexico": ("americas", "independent", 4, 5, ["caribbean", "north_pacific"]),
    "central_america": ("americas", "independent", 2, 2, ["caribbean", "south_pacific"]),
    "panama": ("americas", "independent", 1, 1, ["caribbean", "south_pacific"]),
    "cuba": ("americas", "unorganized", 3, 2, ["caribbean"]),
    "puerto_rico": ("americas", "unorganized", 1, 1, ["caribbean"]),
    "west_indies": ("americas", "unorganized", 2, 0, ["caribbean"]),
    "hawaii": ("pacific", "independent", 5, 1, ["north_pacific"]),
    "colombia": ("americas", "independent", 3, 3, ["caribbean", "south_pacific"]),
    "venezuela": ("americas", "independent", 2, 2, ["caribbean"]),
    "guiana": ("americas", "unorganized", 4, 1, ["caribbean"]),
    "ecuador": ("americas", "independent", 1, 2, ["south_pacific"]),
    "peru": ("americas", "independent", 3, 3, ["south_pacific"]),
    "bolivia": ("americas", "independent", 2, 2, []),
    "chile": ("americas", "independent", 3, 4, ["south_pacific"]),
    "brazil": ("americas", "independent", 6, 6, ["south_atlantic"]),
    "argentina": ("americas", "independent", 5, 5, ["south_atlantic"]),
    "patagonia": ("americas", "unorganized", 1, 1, ["south_atlantic", "south_pacific"]),
    "morocco": ("africa", "independent", 3, 4, ["north_atlantic", "mediterranean"]),
    "algeria": ("africa", "unorganized", 3, 2, ["mediterranean"]),
    "tunisia": ("africa", "independent", 2, 2, ["mediterranean"]),
    "tripoli": ("africa", "ottoman", 2, 3, ["mediterranean"]),
    "egypt": ("africa", "independent", 5, 4, ["mediterranean", "indian_ocean"]),
    "rio_de_oro": ("africa", "unorganized", 1, 0, ["north_atlantic"]),
    "mauritania": ("africa", "unorganized", 1, 1, ["north_atlantic"]),
    "senegal": ("africa", "unorganized", 2, 1, ["north_atlantic"]),
    "guinea": ("africa", "unorganized", 1, 1, ["north_atlantic"]),
    "sierra_leone": ("africa", "unorganized", 1, 0, ["north_atlantic"]),
    "liberia": ("africa", "independent", 1, 1, ["south_atlantic"]),
    "ivory_coast": ("africa", "unorganized", 1, 1, ["south_atlantic"]),
    "ashantee": ("africa", "unorganized", 2, 2, ["south_atlantic"]),
    "dahomey": ("africa", "unorganized", 1, 1, ["south_atlantic"]),
    "nigeria": ("africa", "unorganized", 3, 2, ["south_atlantic"]),
    "tuareg": ("africa", "unorganized", 0, 1, []),
    "chad": ("africa", "unorganized", 1, 1, []),
    "cameroon": ("africa", "unorganized", 1, 1, ["south_atlantic"]),
    "gabon": ("africa", "unorganized", 1, 0, ["south_atlantic"]),
    "ubangi": ("africa", "unorganized", 1, 1, []),
    "congo": ("africa", "unorganized", 3, 1, ["south_atlantic"]),
    "angola": ("africa", "unorganized", 2, 1, ["south_atlantic"]),
    "katanga": ("africa", "unorganized", 2, 1, []),
    "south_west_africa": ("africa", "unorganized", 1, 1, ["south_atlantic"]),
    "cape_colony": ("africa", "unorganized", 4, 1, ["south_atlantic", "indian_ocean"]),
    "transvaal": ("africa", "independent", 4, 3, []),
    "bechuanaland": ("africa", "unorganized", 1, 1, []),
    "rhodesia": ("africa", "unorganized", 2, 2, []),
    "mozambique": ("africa", "unorganized", 2, 1, ["indian_ocean"]),
    "nyasaland": ("africa", "unorganized", 1, 1, []),
    "tanganyika": ("africa", "unorganized", 2, 1, ["indian_ocean"]),
    "kenya": ("africa", "unorganized", 1, 1, ["indian_ocean"]),
    "uganda": ("africa", "unorganized", 2, 2, []),
    "sudan": ("africa", "unorganized", 2, 3, ["indian_ocean"]),
    "abyssinia": ("africa", "independent", 3, 5, []),
    "eritrea": ("africa", "unorganized", 1, 1, ["indian_ocean"]),
    "berbera": ("africa", "unorganized", 1, 1, ["indian_ocean"]),
    "somalia": ("africa", "unorganized", 1, 1, ["indian_ocean"]),
    "madagascar": ("africa", "independent", 3, 3, ["indian_ocean"]),
    "serbia": ("near_east", "independent", 1, 2, []),
    "romania": ("near_east", "independent", 2, 3, ["black_sea"]),
    "bulgaria": ("near_east", "independent", 1, 2, ["black_sea"]),
    "greece": ("near_east", "independent", 2, 2, ["mediterranean"]),
    "anatolia": ("near_east", "ottoman", 4, 6, ["black_sea", "mediterranean"]),
    "syria": ("near_east", "ottoman", 2, 3, ["mediterranean"]),
    "mesopotamia": ("near_east", "independent", 2, 3, ["indian_ocean"]),
    "kuwait": ("near_east", "independent", 1, 1, ["indian_ocean"]),
    "arabia": ("near_east", "unorganized", 1, 2, ["indian_ocean"]),
    "oman": ("near_east", "independent", 1, 1, ["indian_ocean"]),
    "aden": ("near_east", "unorganized", 2, 0, ["indian_ocean"]),
    "persia": ("near_east", "independent", 4, 5, ["indian_ocean"]),
    "afghanistan": ("asia", "independent", 1, 5, []),
    "turkestan": ("asia", "independent", 2, 3, []),
    "punjab": ("asia", "unorganized", 3, 2, []),
    "baluchistan": ("asia", "unorganized", 1, 2, ["indian_ocean"]),
    "bombay": ("asia", "unorganized", 4, 2, ["indian_ocean"]),
    "bengal": ("asia", "unorganized", 5, 2, ["indian_ocean"]),
    "madras": ("asia", "unorganized", 4, 1, ["indian_ocean"]),
    "ceylon": ("asia", "unorganized", 2, 0, ["indian_ocean"]),
    "burma": ("asia", "independent", 2, 3, ["indian_ocean"]),
    "siam": ("asia", "independent", 3, 3, ["indian_ocean", "south_china_sea"]),
    "malaya": ("asia", "unorganized", 2, 1, ["indian_ocean", "south_china_sea"]),
    "indochina": ("asia", "unorganized", 3, 2, ["south_china_sea"]),
    "tonkin": ("asia", "chinese_vassal", 2, 2, ["south_china_sea"]),
    "dutch_east_indies": ("asia", "unorganized", 6, 3,
                          ["indian_ocean", "north_pacific", "south_china_sea"]),
    "borneo": ("asia", "unorganized", 2, 1, ["south_china_sea"]),
    "philippines": ("asia", "unorganized", 3, 2, ["south_china_sea", "north_pacific"]),
    "yunnan": ("asia", "chinese_empire", 2, 4, []),
    "kwangtung": ("asia", "chinese_empire", 4, 4, ["south_china_sea"]),
    "hong_kong": ("asia", "chinese_vassal", 2, 0, ["south_china_sea"]),
    "yangtze": ("asia", "chinese_empire", 5, 5, ["north_china_sea"]),
    "szechwan": ("asia", "chinese_empire", 3, 4, []),
    "chihli": ("asia", "chinese_empire", 4, 6, ["north_china_sea"]),
    "manchuria": ("asia", "chinese_empire", 3, 5, ["north_china_sea"]),
    "korea": ("asia", "chinese_vassal", 2, 3, ["north_china_sea"]),
    "formosa": ("asia", "chinese_empire", 2, 2, ["south_china_sea", "north_china_sea"]),
    "mongolia": ("asia", "chinese_vassal", 1, 2, []),
    "tibet": ("asia", "chinese_vassal", 1, 2, []),
    "sinkiang": ("asia", "chinese_empire", 1, 3, []),
    "australia": ("pacific", "unorganized", 5, 1, ["indian_ocean", "south_pacific"]),
    "new_zealand": ("pacific", "unorganized", 3, 1, ["south_pacific"]),
    "new_guinea": ("pacific", "unorganized", 1, 1, ["south_pacific"]),
    "fiji": ("pacific", "independent", 1, 1, ["south_pacific"]),
    "samoa": ("pacific", "independent", 1, 1, ["south_pacific"]),
    "polynesia": ("pacific", "unorganized", 1, 0, ["south_pacific"]),
}
# Values the text gives (rules) or shows in a worked example.
AREA_FACTS = {
    ("hawaii", "ev"): "rules",
    ("guiana", "ev"): "rules",
    ("manchuria", "cc"): "example",
    ("canada", "seas"): "rules",
    ("dutch_east_indies", "seas"): "rules",
    ("new_zealand", "seas"): "rules",
    ("fiji", "seas"): "rules",
    ("aden", "land"): "rules",
    ("panama", "land"): "rules",
}

LAND = """
alaska canada | canada usa | mexico usa | mexico central_america | central_america panama
panama colombia | colombia venezuela | colombia ecuador | colombia brazil | colombia peru
venezuela guiana | venezuela brazil | guiana brazil | ecuador peru | peru bolivia | peru chile
peru brazil | bolivia chile | bolivia brazil | bolivia argentina | chile argentina
chile patagonia | argentina patagonia | brazil argentina
morocco algeria | morocco rio_de_oro | morocco tuareg | algeria tunisia | algeria tuareg
tunisia tripoli | tunisia tuareg | tripoli egypt | tripoli tuareg | tripoli chad | egypt sudan
egypt syria | rio_de_oro mauritania | mauritania senegal | mauritania tuareg | senegal guinea
senegal tuareg | guinea sierra_leone | guinea ivory_coast | sierra_leone liberia
liberia ivory_coast | ivory_coast ashantee | ashantee dahomey | ashantee tuareg
dahomey nigeria | nigeria tuareg | nigeria chad | nigeria cameroon | tuareg chad
chad cameroon | chad ubangi | chad sudan | cameroon gabon | cameroon ubangi | gabon congo
ubangi congo | ubangi sudan | ubangi uganda | congo angola | congo katanga | congo uganda
congo tanganyika | angola katanga | angola south_west_africa | angola rhodesia
katanga rhodesia | katanga tanganyika | katanga nyasaland
south_west_africa bechuanaland | south_west_africa cape_colony | cape_colony bechuanaland
cape_colony transvaal | transvaal bechuanaland | transvaal rhodesia | transvaal mozambique
bechuanaland rhodesia | rhodesia mozambique | rhodesia nyasaland | mozambique nyasaland
mozambique tanganyika | nyasaland tanganyika | tanganyika uganda | tanganyika kenya
kenya uganda | kenya abyssinia | kenya somalia | uganda sudan | sudan abyssinia
sudan eritrea | abyssinia eritrea | abyssinia berbera | abyssinia somalia | berbera somalia
serbia romania | serbia bulgaria | serbia anatolia | serbia austria_hungary
romania austria_hungary | romania bulgaria | romania russia | bulgaria anatolia
greece anatolia | anatolia syria | anatolia russia | anatolia persia
syria mesopotamia | syria arabia | mesopotamia kuwait | mesopotamia persia
mesopotamia arabia | kuwait arabia | arabia oman | persia afghanistan | persia baluchistan
persia turkestan | persia russia | afghanistan baluchistan | afghanistan turkestan
afghanistan punjab | turkestan sinkiang | turkestan russia | punjab baluchistan | punjab bombay
punjab bengal | punjab tibet | baluchistan bombay | bombay madras | bombay bengal
bengal madras | bengal burma | bengal tibet | burma siam | burma yunnan | burma tibet
siam malaya | siam indochina | indochina tonkin | tonkin yunnan | tonkin kwangtung
yunnan kwangtung | yunnan szechwan | yunnan tibet | kwangtung hong_kong | kwangtung yangtze
yangtze szechwan | yangtze chihli | szechwan tibet | szechwan chihli | chihli mongolia
chihli manchuria | manchuria mongolia | manchuria korea | manchuria russia | mongolia sinkiang
mongolia tibet | mongolia russia | tibet sinkiang
"""
HOMES = ("britain", "france", "germany", "austria_hungary", "usa", "japan", "russia", "italy",
         "netherlands", "belgium", "spain", "portugal")

# id: kind, major from how many players (None: always minor; 0: always major), European
# (Great War), naval building raises ET, home seas, VP divisor, colonial office d6 1..6
POWERS: dict[str, dict[str, Any]] = {
    "britain": dict(kind="major", major_from=4, european=True, navy_raises_tension=False,
                    home_seas=["north_sea", "north_atlantic"], vp_divisor=10.0,
                    colonial_office=[5, 10, 15, 20, 25, 30], run_by=None),
    "france": dict(kind="major", major_from=4, european=True, navy_raises_tension=True,
                   home_seas=["north_atlantic", "mediterranean"], vp_divisor=5.0,
                   colonial_office=[5, 10, 10, 15, 20, 25], run_by=None),
    "germany": dict(kind="major", major_from=4, european=True, navy_raises_tension=True,
                    home_seas=["north_sea", "baltic"], vp_divisor=4.0,
                    colonial_office=[5, 10, 15, 15, 20, 25], run_by=None),
    "austria_hungary": dict(kind="major", major_from=4, european=True,
                            navy_raises_tension=True, home_seas=["mediterranean"],
                            vp_divisor=4.0, colonial_office=[0, 5, 5, 10, 10, 15],
                            run_by="germany"),
    "usa": dict(kind="major", major_from=4, european=False, navy_raises_tension=False,
                home_seas=["north_atlantic", "caribbean", "north_pacific"], vp_divisor=4.0,
                colonial_office=[5, 10, 15, 20, 25, 30], run_by=None),
    "japan": dict(kind="major", major_from=5, european=False, navy_raises_tension=False,
                  home_seas=["north_china_sea", "north_pacific"], vp_divisor=3.0,
                  colonial_office=[0, 5, 10, 10, 15, 20], run_by=None),
    "russia": dict(kind="major", major_from=6, european=True, navy_raises_tension=True,
                   home_seas=["baltic", "black_sea", "north_pacific"], vp_divisor=2.5,
                   colonial_office=[0, 5, 5, 10, 15, 20], run_by=None),
    "italy": dict(kind="major", major_from=7, european=True, navy_raises_tension=True,
                  home_seas=["mediterranean"], vp_divisor=2.5,
                  colonial_office=[0, 5, 5, 10, 10, 15], run_by=None),
    "belgium": dict(kind="minor", major_from=8, european=False, navy_raises_tension=True,
                    home_seas=["north_sea", "north_atlantic"], vp_divisor=1.0, colonial_office=None,
                    run_by=None),
    "netherlands": dict(kind="minor", major_from=None, european=False,
                        navy_raises_tension=True, home_seas=["north_sea", "north_atlantic"],
                        vp_divisor=None,
                        colonial_office=None, run_by=None),
    "spain": dict(kind="minor", major_from=None, european=False, navy_raises_tension=True,
                  home_seas=["north_atlantic", "mediterranean", "south_atlantic"],
                  vp_divisor=None, colonial_office=None, run_by=None),
    "portugal": dict(kind="minor", major_from=None, european=False, navy_raises_tension=True,
                     home_seas=["north_atlantic"], vp_divisor=None, colonial_office=None,
                     run_by=None),
}
POWER_FACTS = {
    ("britain", "vp_divisor"): "example",
    ("russia", "vp_divisor"): "rules",
    ("italy", "vp_divisor"): "rules",
    ("belgium", "vp_divisor"): "rules",
    ("britain", "navy_raises_tension"): "rules",
    ("usa", "navy_raises_tension"): "rules",
    ("japan", "navy_raises_tension"): "rules",
    ("france", "navy_raises_tension"): "rules",
    ("germany", "navy_raises_tension"): "rules",
    ("russia", "navy_raises_tension"): "rules",
    ("italy", "navy_raises_tension"): "rules",
    ("austria_hungary", "navy_raises_tension"): "rules",
}
for power in POWERS:
    for field in ("kind", "major_from", "european", "run_by"):
        POWER_FACTS[(power, field)] = "rules"


def sourced(record: dict[str, Any], facts: dict[str, str] | None = None) -> dict[str, Any]:
    fields = [name for name in record if name != "id"]
    provenance = {name: (facts or {}).get(name, "reconstructed") for name in fields}
    return {**record, "provenance": provenance}


def land_routes() -> dict[str, list[str]]:
    routes: dict[str, list[str]] = {}
    for pair in LAND.replace("\n", "|").split("|"):
        if not pair.strip():
            continue
        a, b = pair.split()
        routes.setdefault(a, []).append(b)
        routes.setdefault(b, []).append(a)
    return routes


def areas() -> list[dict[str, Any]]:
    routes = land_routes()
    out = []
    for area, (region, kind, ev, cc, seas) in AREAS.items():
        land = sorted(n for n in routes.get(area, []) if n not in HOMES)
        homes = sorted(n for n in routes.get(area, []) if n in HOMES)
        facts = {field: src for (a, field), src in AREA_FACTS.items() if a == area}
        record = dict(id=area, region=region, type=kind, ev=ev, cc=cc, seas=sorted(seas),
                      land=land, homes=homes)
        out.append(sourced(record, facts))
    assert len(out) == 104, len(out)
    return out


def powers() -> list[dict[str, Any]]:
    routes = land_routes()
    out = []
    for power, values in POWERS.items():
        facts = {field: src for (p, field), src in POWER_FACTS.items() if p == power}
        record = dict(id=power, **values, home_land=sorted(routes.get(power, [])))
        out.append(sourced(record, facts))
    return out


def seas() -> list[dict[str, Any]]:
    out = []
    for sea, (number, adjacent) in SEAS.items():
        facts = {"adjacent": "rules"} if sea == "mediterranean" else {}
        out.append(sourced(dict(id=sea, number=number, adjacent=sorted(adjacent)), facts))
    return out


PASSAGES: list[dict[str, Any]] = [
    dict(id="suez", kind="strait", area="egypt", seas=["mediterranean", "indian_ocean"]),
    dict(id="straits", kind="strait", area="anatolia", seas=["black_sea", "mediterranean"]),
    dict(id="panama_canal", kind="canal_site", area="panama",
         seas=["caribbean", "south_pacific"]),
    dict(id="central_american_canal", kind="canal_site", area="central_america",
         seas=["caribbean", "south_pacific"]),
    dict(id="cape_of_good_hope", kind="cape", area=None,
         seas=["south_atlantic", "indian_ocean"]),
    dict(id="cape_horn", kind="cape", area=None, seas=["south_atlantic", "south_pacific"]),
]

COSTS = sourced(
    dict(
        markers={"interest": 5, "influence": 10, "protectorate": 20, "possession": 30,
                 "dominion": 40},
        armies={"1": 2, "3": 5, "10": 15},
        navies={"1": 3, "3": 8, "10": 25},
        canal=30,
        codominion_upgrade=10,
    ),
    {"canal": "rules", "codominion_upgrade": "rules"},
)
MULTIPLIERS = sourced(
    dict(
        income={"dominion": 4, "possession": 4, "protectorate": 3, "influence": 2,
                "interest": 1},
        maintenance={"dominion": 2, "possession": 2, "protectorate": 1, "influence": 1},
        unit_point_cost=1,
    ),
    {"unit_point_cost": "rules"},
)


def counter_mix() -> list[dict[str, Any]]:
    out = []
    for power, values in POWERS.items():
        major = values["kind"] == "major" or power in ("japan", "russia", "italy")
        record = dict(
            power=power,
            round=14 if major else 8,
            hexagonal=16 if power == "britain" else 12 if major else 8,
            special=4 if power in ("britain", "usa") else 0,
            armies={"1": 14 if power == "britain" else 8, "3": 8 if major else 4,
                    "10": 6 if major else 1},
            navies={"1": 4 if major else 2, "3": 4 if major else 2,
                    "10": 4 if major else 1},
        )
        out.append(sourced(record))
    return out


TURNS = [
    (1880, [], 20), (1884, ["usa", "japan"], 18), (1888, ["germany", "france"], 16),
    (1892, ["britain", "russia"], 14), (1896, ["italy", "germany", "belgium"], 12),
    (1900, ["usa", "japan", "belgium"], 10), (1904, ["france", "britain"], 8),
    (1908, ["germany", "russia"], 6), (1912, ["italy", "usa"], 5),
    (1916, ["japan", "belgium"], 5),
]


def turns() -> list[dict[str, Any]]:
    out = []
    for year, fleets, penalty in TURNS:
        facts = {"year": "rules"}
        if year == 1884:
            facts["merchant_fleets"] = "example"
        out.append(sourced(dict(year=year, merchant_fleets=fleets,
                                great_war_penalty=penalty), facts))
    return out


def unrest(table: str) -> dict[str, Any]:
    return {"kind": "unrest", "table": table}


SOUTH_AMERICA_SOUTH = ["panama", "colombia", "venezuela", "ecuador", "peru", "bolivia",
                       "chile", "brazil", "argentina", "patagonia"]
EVENTS: dict[str, tuple[str, str, list[dict[str, Any]], str]] = {
    # code: (name, kind, effects, provenance of the name)
    "11": ("balkan_war", "state", [{"kind": "balkan_war"}, {"kind": "tension", "amount": 2}],
           "rules"),
    "12": ("russian_army_reform", "state",
           [{"kind": "forced_expenditure", "power": "russia", "minimum": 10, "unit": "army"}],
           "reconstructed"),
    "13": ("unrest_b", "unrest", [unrest("B")], "reconstructed"),
    "14": ("serbia_defies_austria", "state",
           [{"kind": "tension", "amount": 3},
            {"kind": "may_place", "power": "austria_hungary", "areas": ["serbia"]}], "rules"),
    "15": ("russian_pan_slavism", "state",
           [{"kind": "forced_expenditure", "power": "russia", "minimum": 5, "unit": "any"},
            {"kind": "tension", "amount": 1}], "reconstructed"),
    "16": ("unrest_c", "unrest", [unrest("C")], "reconstructed"),
    "21": ("venezuelan_crisis", "state",
           [{"kind": "may_place", "power": "usa", "areas": ["venezuela"]},
            {"kind": "may_place", "power": "britain", "areas": ["venezuela"]}],
           "reconstructed"),
    "22": ("french_naval_programme", "state",
           [{"kind": "forced_expenditure", "power": "france", "minimum": 8, "unit": "navy"}],
           "reconstructed"),
    "23": ("italian_naval_programme", "state",
           [{"kind": "forced_expenditure", "power": "italy", "minimum": 8, "unit": "navy"}],
           "reconstructed"),
    "24": ("german_navy_league", "state",
           [{"kind": "colonial_office_factor", "power": "germany", "factor": 4},
            {"kind": "forced_expenditure", "power": "germany", "minimum": 25, "unit": "navy"}],
           "rules"),
    "25": ("german_colonial_agitation", "state",
           [{"kind": "colonial_office_factor", "power": "germany", "factor": 4}], "rules"),
    "26": ("russian_far_east_army", "state",
           [{"kind": "forced_expenditure", "power": "russia", "minimum": 5, "unit": "army"}],
           "reconstructed"),
    "31": ("japanese_modernisation", "state",
           [{"kind": "forced_expenditure", "power": "japan", "minimum": 8, "unit": "any"}],
           "reconstructed"),
    "32": ("unrest_d", "unrest", [unrest("D")], "reconstructed"),
    "33": ("unrest_a", "unrest", [unrest("A")], "reconstructed"),
    "34": ("liberal_victory", "state",
           [{"kind": "colonial_office_shift", "power": "britain", "shift": -2},
            {"kind": "purchase_ban", "power": "britain", "unit": "army"}], "rules"),
    "35": ("chinese_xenophobia", "state", [{"kind": "resentment", "amount": 5}],
           "reconstructed"),
    "36": ("war_in_south_america", "state",
           [{"kind": "may_place", "power": "usa", "areas": SOUTH_AMERICA_SOUTH},
            {"kind": "may_place", "power": "britain", "areas": SOUTH_AMERICA_SOUTH}],
           "rules"),
    "41": ("austrian_army_bill", "state",
           [{"kind": "forced_expenditure", "power": "austria_hungary", "minimum": 5,
             "unit": "army"}], "reconstructed"),
    "42": ("unrest_a", "unrest", [unrest("A"), {"kind": "leopold"}], "rules"),
    "43": ("unrest_b", "unrest", [unrest("B")], "reconstructed"),
    "44": ("unrest_c", "unrest", [unrest("C")], "reconstructed"),
    "45": ("unrest_d", "unrest", [unrest("D")], "reconstructed"),
    "46": ("unrest_a", "unrest", [unrest("A")], "reconstructed"),
    "51": ("missionaries_in_china", "state", [{"kind": "resentment", "amount": 3}],
           "reconstructed"),
    "52": ("unrest_b", "unrest", [unrest("B")], "reconstructed"),
    "53": ("naval_race", "state", [{"kind": "tension", "amount": 2}], "reconstructed"),
    "54": ("unrest_c", "unrest", [unrest("C")], "reconstructed"),
    "55": ("french_revanchism", "state", [{"kind": "tension", "amount": 2}],
           "reconstructed"),
    "56": ("unrest_d", "unrest", [unrest("D")], "reconstructed"),
    "61": ("unrest_a", "unrest", [unrest("A")], "reconstructed"),
    "62": ("egyptian_bankruptcy", "state", [{"kind": "unrest_in", "area": "egypt"}],
           "reconstructed"),
    "63": ("unrest_b", "unrest", [unrest("B")], "reconstructed"),
    "64": ("opium_trade", "state", [{"kind": "resentment", "amount": 3}], "reconstructed"),
    "65": ("unrest_c", "unrest", [unrest("C")], "reconstructed"),
    "66": ("unrest_d", "unrest", [unrest("D")], "reconstructed"),
}


def events() -> list[dict[str, Any]]:
    out = []
    for code, (name, kind, effects, name_source) in EVENTS.items():
        facts = {"name": name_source}
        if code in ("11", "14", "24", "25", "42"):
            facts["effects"] = "rules" if code in ("24", "25") else "reconstructed"
        out.append(sourced(dict(code=code, name=name, kind=kind, effects=effects), facts))
    return out


D66 = [f"{a}{b}" for a in range(1, 7) for b in range(1, 7)]
UNREST = {
    "A": ("d6", ["morocco", "egypt", "sudan", "transvaal", "abyssinia", "madagascar"]),
    "B": ("2d6", ["afghanistan", "burma", "korea", "tonkin", "persia", "siam", "formosa",
                  "tibet", "malaya", "mongolia", "dutch_east_indies"]),
    "C": ("2d6", ["mexico", "cuba", "colombia", "venezuela", "peru", "central_america",
                  "argentina", "chile", "hawaii", "samoa", "fiji"]),
    "D": ("d66", ["serbia", "romania", "bulgaria", "greece", "tunisia", "tripoli", "syria",
                  "mesopotamia", "kuwait", "arabia", "oman", "punjab", "bengal", "bombay",
                  "madras", "baluchistan", "turkestan", "ashantee", "nigeria", "congo",
                  "angola", "mozambique", "kenya", "uganda", "somalia", "eritrea",
                  "yunnan", "kwangtung", "yangtze", "szechwan", "chihli", "manchuria",
                  "sinkiang", "new_guinea", "new_zealand", "brazil"]),
}


def codes(dice: str) -> list[str]:
    return {"d6": [str(n) for n in range(1, 7)], "2d6": [str(n) for n in range(2, 13)],
            "d66": D66}[dice]


def unrest_tables() -> list[dict[str, Any]]:
    out = []
    for table, (dice, areas_) in UNREST.items():
        entries = dict(zip(codes(dice), areas_, strict=True))
        out.append(sourced(dict(id=table, dice=dice, entries=entries)))
    return out


MINORS = {
    "netherlands": ([6], ["borneo", "new_guinea", "dutch_east_indies", "malaya", "guiana",
                          "siam", "ashantee", "philippines", "tonkin", "samoa", "fiji"]),
    "belgium": ([5, 6], ["ubangi", "katanga", "congo", "gabon", "cameroon", "congo",
                         "angola", "uganda", "tanganyika", "chad", "nyasaland"]),
    "spain": ([6], ["guinea", "rio_de_oro", "morocco", "mauritania", "cuba", "philippines",
                    "puerto_rico", "samoa", "fiji", "new_guinea", "borneo"]),
    "portugal": ([6], ["guinea", "katanga", "angola", "congo", "mozambique", "rhodesia",
                       "nyasaland", "tanganyika", "south_west_africa", "dahomey", "gabon"]),
    "japan": ([5, 6], ["tonkin", "philippines", "formosa", "korea", "manchuria", "korea",
                       "formosa", "hawaii", "chihli", "mongolia", "kwangtung"]),
    "russia": ([4, 5, 6], ["sinkiang", "turkestan", "persia", "mongolia", "manchuria",
                           "afghanistan", "korea", "chihli", "bulgaria", "romania",
                           "tibet"]),
    "italy": ([5, 6], ["tunisia", "tripoli", "eritrea", "berbera", "somalia", "abyssinia",
                       "eritrea", "greece", "kenya", "egypt", "sudan"]),
}


def minor_activity() -> list[dict[str, Any]]:
    return [
        sourced(dict(power=power, active_on=active,
                     areas=dict(zip(codes("2d6"), table, strict=True))))
        for power, (active, table) in MINORS.items()
    ]


def crts() -> list[dict[str, Any]]:
    columns = [[1, 2], [1, 1], [3, 2], [2, 1], [3, 1], [4, 1], [5, 1], [6, 1]]
    table1 = [
        ["AE", "AR", "AR", "EX", "HEX", "DR", "DR", "DE"],
        ["AE", "AR", "EX", "HEX", "DR", "DR", "DE", "DE"],
        ["AR", "EX", "HEX", "DR", "DR", "DE", "DE", "DE"],
        ["AR", "HEX", "DR", "DR", "DE", "DE", "DE", "DE"],
        ["EX", "DR", "DR", "DE", "DE", "DE", "DE", "DE"],
        ["HEX", "DR", "DE", "DE", "DE", "DE", "DE", "DE"],
    ]
    table2 = [
        ["AE", "AE", "AR", "AR", "EX", "HEX", "DR", "DR"],
        ["AE", "AR", "AR", "EX", "HEX", "DR", "DR", "DE"],
        ["AR", "AR", "EX", "HEX", "DR", "DR", "DE", "DE"],
        ["AR", "EX", "HEX", "DR", "DR", "DE", "DE", "DE"],
        ["EX", "HEX", "DR", "DR", "DE", "DE", "DE", "DE"],
        ["HEX", "DR", "DR", "DE", "DE", "DE", "DE", "DE"],
    ]
    return [
        sourced(dict(id="1", columns=columns, results=table1, small_force_below=5),
                {"small_force_below": "rules"}),
        sourced(dict(id="2", columns=columns, results=table2, small_force_below=5),
                {"small_force_below": "rules"}),
    ]


def unit(kind: str, strength: int, at: str, role: str | None = None) -> dict[str, Any]:
    record: dict[str, Any] = {"kind": kind, "strength": strength, "location": at}
    if role:
        record["role"] = role
    return record


def army(strength: int, at: str, role: str | None = None) -> dict[str, Any]:
    return unit("army", strength, at, role)


def navy(strength: int, at: str) -> dict[str, Any]:
    return unit("navy", strength, at)


DEPLOYMENTS: dict[str, dict[str, Any]] = {
    "britain": dict(
        markers=[("punjab", "possession"), ("bombay", "possession"), ("bengal", "possession"),
                 ("madras", "possession"), ("ceylon", "possession"), ("aden", "possession"),
                 ("canada", "possession"), ("cape_colony", "possession"),
                 ("australia", "possession"), ("new_zealand", "possession"),
                 ("sierra_leone", "possession"), ("west_indies", "possession"),
                 ("hong_kong", "possession"), ("guiana", "protectorate"),
                 ("egypt", "influence"), ("persia", "interest")],
        units=[army(10, "punjab", "indian_army"), army(10, "bengal", "indian_army"),
               army(10, "bombay", "indian_army"), army(3, "madras"), army(1, "ceylon"),
               army(1, "aden"), army(3, "canada"), army(3, "cape_colony"),
               army(1, "australia"), army(1, "new_zealand"), army(1, "sierra_leone"),
               army(1, "west_indies"), army(1, "hong_kong"), army(1, "guiana"),
               navy(3, "canada"), navy(10, "britain"), navy(10, "britain"),
               navy(3, "bombay"), army(3, "britain")],
        fleets=["north_atlantic", "south_atlantic", "indian_ocean", "south_china_sea",
                "south_pacific", "caribbean"],
    ),
    "france": dict(
        markers=[("algeria", "possession"), ("senegal", "possession"),
                 ("indochina", "possession"), ("polynesia", "possession"),
                 ("guiana", "protectorate"), ("tunisia", "influence"),
                 ("egypt", "influence"), ("madagascar", "interest")],
        units=[army(3, "algeria"), army(1, "senegal"), army(3, "indochina"),
               army(1, "polynesia"), army(1, "guiana"), army(10, "france"),
               army(10, "france"), navy(10, "france"), navy(3, "algeria")],
        fleets=["mediterranean", "north_atlantic", "indian_ocean", "south_china_sea",
                "south_pacific", "caribbean"],
    ),
    "germany": dict(
        markers=[],
        units=[army(10, "germany"), army(10, "germany"), army(3, "germany"),
               navy(3, "germany")],
        fleets=["north_sea", "north_atlantic"],
    ),
    "austria_hungary": dict(
        markers=[("serbia", "interest")],
        units=[army(10, "austria_hungary"), army(10, "austria_hungary"),
               navy(3, "austria_hungary")],
        fleets=["mediterranean"],
    ),
    "usa": dict(
        markers=[("alaska", "possession"), ("hawaii", "interest"), ("cuba", "interest")],
        units=[army(1, "alaska"), army(3, "usa"), army(3, "usa"), navy(3, "usa")],
        fleets=["north_atlantic", "north_pacific"],
    ),
    "japan": dict(
        markers=[("korea", "interest")],
        units=[army(10, "japan"), army(3, "japan"), navy(3, "japan")],
        fleets=["north_china_sea", "south_china_sea"],
    ),
    "russia": dict(
        markers=[("turkestan", "influence"), ("persia", "interest")],
        units=[army(10, "russia", "western_garrison"), army(10, "russia", "western_garrison"),
               army(10, "russia", "western_garrison"), army(10, "russia"), army(3, "russia"),
               navy(10, "russia"), navy(3, "russia")],
        fleets=["baltic", "black_sea"],
    ),
    "italy": dict(
        markers=[("tunisia", "interest")],
        units=[army(10, "italy"), army(3, "italy"), navy(3, "italy")],
        fleets=["mediterranean"],
    ),
    "netherlands": dict(
        markers=[("dutch_east_indies", "possession"), ("guiana", "protectorate")],
        units=[army(3, "dutch_east_indies"), army(1, "dutch_east_indies"), army(1, "guiana"),
               army(1, "netherlands"), navy(1, "dutch_east_indies")],
        fleets=["north_atlantic", "indian_ocean", "caribbean"],
    ),
    "belgium": dict(markers=[], units=[army(1, "belgium"), army(1, "belgium")],
                    fleets=["north_atlantic", "south_atlantic"]),
    "spain": dict(
        markers=[("cuba", "possession"), ("puerto_rico", "possession"),
                 ("philippines", "possession")],
        units=[army(3, "cuba"), army(1, "puerto_rico"), army(3, "philippines"),
               army(1, "spain"), navy(1, "cuba")],
        fleets=["south_atlantic", "north_pacific", "caribbean"],
    ),
    "portugal": dict(
        markers=[("angola", "possession"), ("mozambique", "possession")],
        units=[army(1, "angola"), army(1, "mozambique"), army(1, "portugal")],
        fleets=["north_atlantic", "south_atlantic", "indian_ocean"],
    ),
}
DEPLOYMENT_FACTS = {
    "britain": {"units": "rules"},
    "spain": {"fleets": "rules"},
}


def deployments() -> list[dict[str, Any]]:
    out = []
    for power, values in DEPLOYMENTS.items():
        record = dict(
            power=power,
            markers=[{"area": area, "level": level} for area, level in values["markers"]],
            units=values["units"],
            merchant_fleets=values["fleets"],
        )
        out.append(sourced(record, DEPLOYMENT_FACTS.get(power, {})))
    return out


GROUPS = sourced(
    dict(
        africa_north_west=["morocco", "rio_de_oro", "mauritania", "senegal", "ashantee"],
        africa_north_east=["egypt", "sudan", "eritrea", "berbera", "somalia", "kenya"],
        africa_mediterranean=["morocco", "algeria", "tunisia", "tripoli", "egypt"],
        africa_southern_tip=["cape_colony", "south_west_africa", "mozambique"],
        india=["punjab", "bombay", "bengal", "madras"],
        russian_west=["serbia", "romania", "greece", "bulgaria", "anatolia"],
        us_states=["alaska", "cuba", "hawaii", "puerto_rico"],
        gb_dominions=["australia", "canada", "cape_colony", "new_zealand"],
        south_america=SOUTH_AMERICA_SOUTH,
    ),
    {"africa_north_west": "rules", "africa_north_east": "rules",
     "africa_mediterranean": "rules", "africa_southern_tip": "rules",
     "russian_west": "rules", "us_states": "rules", "gb_dominions": "rules"},
)
VICTORY = sourced(
    dict(east_west_passage=10, north_south_passage=15, first_canal=15, india_penalty=10,
         congress_defiance=-5),
    {"east_west_passage": "rules", "north_south_passage": "rules", "first_canal": "rules",
     "congress_defiance": "rules"},
)
RESENTMENT = sourced(
    dict(
        per_control_marker_at_check=3,
        per_marker_placed_when_several=2,
        per_minor_marker=1,
        rebellion_dice=3,
    ),
    {"per_control_marker_at_check": "example", "rebellion_dice": "rules"},
)
TENSION = sourced(
    dict(navy_small=1, navy_large=3, congress=3, congress_failed=3, congress_defiance=2,
         declaration=5, war_cycle=2, treaty_broken=5, separate_peace=5, status_level=1,
         great_war_at=100),
    {name: "rules" for name in ("navy_small", "navy_large", "congress", "congress_failed",
                                 "congress_defiance", "declaration", "war_cycle",
                                 "treaty_broken", "separate_peace", "status_level",
                                 "great_war_at")},
)
CHINESE_ARMY_PLACEMENT = sourced(
    dict(entries={"1": "yunnan", "2": "kwangtung", "3": "yangtze", "4": "szechwan",
                  "5": "chihli", "6": "manchuria"}, for_issue=20)
)
# The summary of effects of placing status markers is not in the text: the spec's fallback
# written as its lines. A new control marker that makes another power's marker
# illegal gives that marker's holder a casus belli against the placer (influence under
# any control marker, interest under a possession or dominion), and two control markers
# give one to each.
CONTROL = ("protectorate", "possession", "dominion")
PLACEMENT_SUMMARY = (
    [sourced(dict(placed=c, existing="influence", casus_belli="existing")) for c in CONTROL]
    + [sourced(dict(placed=c, existing="interest", casus_belli="existing"))
       for c in ("possession", "dominion")]
    + [sourced(dict(placed=c, existing=d, casus_belli="both")) for c in CONTROL for d in CONTROL]
)
CASUS_BELLI = sourced(
    dict(placement_summary=PLACEMENT_SUMMARY,
         causes=["placement", "same_turn_establishment", "minor_protectorate_over_influence",
                 "congress_sole_protectorate", "treaty_violation", "treaty_clause",
                 "congress_refusal", "codominion_entry", "strait_or_canal_denial",
                 "ottoman_expansion"]),
    {"causes": "rules"},
)

# The VP bonuses earned through treaties (§4.8, line 25) are not printed in the text: a
# reconstruction from the alliances of 1879–1907, worth 1 or 2 VP a turn (4 once) against
# the 10 to 20 VP a great power buys with its treasury. The French text on treaties says
# that secrecy may matter for the defensive alliances some powers need for their bonuses:
# the alliances that were secret in history (the Franco-Russian convention, the Triple
# Alliance's terms, the Reinsurance Treaty) count when secret, the published ones (the
# Anglo-Japanese alliance, the Entente cordiale) do not.
TREATY_BONUSES = [
    sourced(dict(id=name, powers=powers, kinds=kinds, partners=partners,
                 secret_counts=secret_counts, vp=vp, when=when))
    for name, powers, kinds, partners, secret_counts, vp, when in (
        ("franco_russian_alliance", ["france", "russia"], ["defensive", "offensive"],
         ["france", "russia"], True, 2, "each_turn"),
        ("triple_alliance", ["germany", "italy"], ["defensive", "offensive"],
         ["germany", "austria_hungary", "italy"], True, 2, "each_turn"),
        ("anglo_japanese_alliance", ["britain", "japan"], ["defensive", "offensive"],
         ["britain", "japan"], False, 2, "each_turn"),
        ("entente_cordiale", ["britain", "france"], ["non_aggression", "defensive"],
         ["britain", "france"], False, 4, "once"),
        ("reinsurance_treaty", ["germany", "russia"], ["non_aggression"],
         ["germany", "russia"], True, 1, "each_turn"),
    )
]


def document() -> dict[str, Any]:
    return {
        "format": 1,
        "title": "Pax Britannica, Courier's provisional reconstruction",
        "powers": powers(),
        "areas": areas(),
        "seas": seas(),
        "passages": [sourced(p, {"seas": "rules", "area": "rules", "kind": "rules"})
                     for p in PASSAGES],
        "costs": COSTS,
        "multipliers": MULTIPLIERS,
        "counter_mix": counter_mix(),
        "turns": turns(),
        "events": events(),
        "unrest_tables": unrest_tables(),
        "minor_activity": minor_activity(),
        "combat_tables": crts(),
        "deployments": deployments(),
        "groups": GROUPS,
        "victory": VICTORY,
        "resentment": RESENTMENT,
        "tension": TENSION,
        "chinese_army_placement": CHINESE_ARMY_PLACEMENT,
        "casus_belli": CASUS_BELLI,
        "treaty_bonuses": TREATY_BONUSES,
    }


if __name__ == "__main__":
    OUT.write_text(json.dumps(document(), indent=1, ensure_ascii=False) + "\n",
                   encoding="utf-8")
    print(f"wrote {OUT}")
