#!/usr/bin/env python3
"""Write a synthetic, deterministic iapcat catalog and the lists it declares.

    scripts/generate-catalog.py --products 50000 --seed 1 --out bench-out/50k
    scripts/generate-catalog.py --products 2000 --seed 7 --out /tmp/cat --list-ids 1500

Writes into DIR:
  catalog.yaml        valid per schemas/catalog.schema.json and meant to lint clean, except
                      `product_limit` above 10,000 products (App Store Connect's cap per app);
                      the deprecated `free-subscription` type occurs only as removed tombstones
  product_ids.plist   production: approved products that are cleared for sale
  products_v1.json    production: the same identifiers
  products_v2.json    sandbox: every product that is not removed
  big_ids.plist       with --list-ids N: N distinct approved, cleared identifiers (production)

The same arguments give the same bytes (Python's `random.Random(seed)`; no clock, no hashing
of sets). Standard library only: the YAML is written by hand, quoting every scalar that a
YAML 1.1 or 1.2 reader could take for anything but a string.
"""

import argparse
import json
import math
import os
import random
import re
import sys
import time

DEFAULT_LOCALE = "en-US"
LOCALES = ["en-US", "de-DE", "fr-FR", "ja", "es-MX", "pt-BR", "zh-Hans", "ko", "it", "ru"]
STOREFRONTS = ["USA", "JPN", "DEU", "GBR", "FRA"]

# (type, share of the products that are not tombstones)
TYPE_WEIGHTS = [
    ("consumable", 0.35),
    ("non-consumable", 0.35),
    ("auto-renewable", 0.20),
    ("non-renewing", 0.10),
]
CATEGORIES = {
    "consumable": ["coins", "gems", "energy"],
    "non-consumable": ["levels", "skins", "heroes"],
    "auto-renewable": ["subscription"],
    "non-renewing": ["pass"],
    "free-subscription": ["subscription"],
}
DURATIONS = [("P1W", 0.10), ("P1M", 0.40), ("P2M", 0.05), ("P3M", 0.10), ("P6M", 0.10), ("P1Y", 0.25)]
TRIAL_DURATIONS = ["P1W", "P1M", "P3M"]  # durations the bulk XML can express
LOCALE_COUNTS = [(2, 0.45), (3, 0.30), (4, 0.15), (5, 0.10)]  # localizations per product, en-US included
SUBSCRIPTIONS_PER_GROUP = 200
MAX_PROMOTED = 20

# Per locale: nouns per category, adjectives, a display-name pattern, description patterns.
TEXTS = {
    "en-US": (
        dict(coins="Coins", gems="Gems", energy="Energy", levels="Level Pack", skins="Skin",
             heroes="Hero", subscription="Premium", pass_="Season Pass"),
        ["Small", "Large", "Golden", "Epic", "Mega", "Starter"],
        "{adj} {noun} {num}",
        ["{adj} {noun} for your next adventure", "Get {noun} ({adj}) right away", "{noun}: {adj} edition"],
    ),
    "de-DE": (
        dict(coins="Münzen", gems="Edelsteine", energy="Energie", levels="Levelpaket", skins="Skin",
             heroes="Held", subscription="Premium", pass_="Saisonpass"),
        ["Klein", "Groß", "Gold", "Episch", "Mega", "Start"],
        "{noun} {adj} {num}",
        ["{noun} ({adj}) für dein nächstes Abenteuer", "Sofort erhalten: {noun} {adj}"],
    ),
    "fr-FR": (
        dict(coins="Pièces", gems="Gemmes", energy="Énergie", levels="Pack de niveaux", skins="Apparence",
             heroes="Héros", subscription="Premium", pass_="Passe saison"),
        ["Petit", "Grand", "Doré", "Épique", "Méga", "Débutant"],
        "{noun} {adj} {num}",
        ["{noun} {adj} pour votre prochaine aventure", "{noun} : édition {adj}"],
    ),
    "ja": (
        dict(coins="コイン", gems="ジェム", energy="エネルギー", levels="レベルパック", skins="スキン",
             heroes="ヒーロー", subscription="プレミアム", pass_="シーズンパス"),
        ["小さな", "大きな", "黄金の", "伝説の", "メガ", "スターター"],
        "{adj}{noun} {num}",
        ["次の冒険に役立つ{adj}{noun}です。", "{adj}{noun}をすぐに受け取れます"],
    ),
    "es-MX": (
        dict(coins="Monedas", gems="Gemas", energy="Energía", levels="Paquete de niveles", skins="Aspecto",
             heroes="Héroe", subscription="Premium", pass_="Pase de temporada"),
        ["Pequeño", "Grande", "Dorado", "Épico", "Mega", "Inicial"],
        "{noun} {adj} {num}",
        ["{noun} {adj} para tu próxima aventura", "Recibe {noun} al instante"],
    ),
    "pt-BR": (
        dict(coins="Moedas", gems="Gemas", energy="Energia", levels="Pacote de fases", skins="Visual",
             heroes="Herói", subscription="Premium", pass_="Passe de temporada"),
        ["Pequeno", "Grande", "Dourado", "Épico", "Mega", "Inicial"],
        "{noun} {adj} {num}",
        ["{noun} {adj} para sua próxima aventura", "Receba {noun} na hora"],
    ),
    "zh-Hans": (
        dict(coins="金币", gems="宝石", energy="能量", levels="关卡包", skins="皮肤",
             heroes="英雄", subscription="高级会员", pass_="赛季通行证"),
        ["小份", "大份", "黄金", "史诗", "超级", "新手"],
        "{adj}{noun} {num}",
        ["{adj}{noun}，助你完成下一次冒险", "立即获得{adj}{noun}，畅享游戏乐趣"],
    ),
    "ko": (
        dict(coins="코인", gems="보석", energy="에너지", levels="레벨 팩", skins="스킨",
             heroes="영웅", subscription="프리미엄", pass_="시즌 패스"),
        ["작은", "큰", "황금", "전설의", "메가", "스타터"],
        "{adj} {noun} {num}",
        ["다음 모험에 도움이 되는 {adj} {noun}", "{adj} {noun}을(를) 바로 받으세요"],
    ),
    "it": (
        dict(coins="Monete", gems="Gemme", energy="Energia", levels="Pacchetto livelli", skins="Aspetto",
             heroes="Eroe", subscription="Premium", pass_="Pass stagionale"),
        ["Piccolo", "Grande", "Dorato", "Epico", "Mega", "Iniziale"],
        "{noun} {adj} {num}",
        ["{noun} {adj} per la tua prossima avventura", "Ricevi subito {noun}"],
    ),
    "ru": (
        dict(coins="Монеты", gems="Самоцветы", energy="Энергия", levels="Набор уровней", skins="Облик",
             heroes="Герой", subscription="Премиум", pass_="Сезонный пропуск"),
        ["Малый", "Большой", "Золотой", "Эпический", "Мега", "Стартовый"],
        "{adj} {noun} {num}",
        ["{adj} {noun} для нового приключения", "Получите {noun} сразу"],
    ),
}

# en-US display names (about 1 in 100) that a careless YAML writer would emit as something
# other than a string, or that are not even well-formed unquoted. All 2–30 characters.
TRICKY_NAMES = [
    "Yes", "No", "On", "Off", "NO", "Null", "True", "false", "~ Tilde", "Y.",
    "100", "0.99", "1e3", "0x1F", "0o17", ".inf", "1:20", "2026-01-01",
    "#1 Bundle", "- Dash Pack", "Key: Value", "@Home Pack", "!Bang Pack", "&Anchor Pack",
    "*Alias Pack", "%Percent Pack", "{Brace} Pack", "[Bracket] Pack", "'Single' Pack",
    '"Double" Pack', "Back\\slash Pack", "Pipe | Pack", "> Folded Pack", "? Question",
    "Comma, Pack", "Hash # Pack", "`Tick` Pack", "<< Merge Pack",
]
TRICKY_DESCRIPTIONS = [
    "Buy now: 50% off # not a comment",
    "Yes, and no: on or off, true",
    "- starts with a dash, ends with a colon:",
    "Quotes \"double\" and 'single' and \\ too",
    "{not: a mapping}, [not, a list]",
]

NUMBERS = [10, 50, 100, 250, 500, 1000, 5000]


# --- YAML scalars -------------------------------------------------------------------------------

# Unquoted only when it starts with a letter, holds only letters, digits, space and ._-()/+,
# does not end with a space, and is no YAML 1.1/1.2 null or boolean word. Everything else is
# double-quoted. This keeps plain scalars valid in block and flow context alike.
_PLAIN = re.compile(r"[^\W\d_][\w .()/+-]*\Z")
_RESERVED = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"}
_NEEDS_ESCAPE = re.compile("[\"\\\\\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff]")
_NAMED_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r", "\x00": "\\0"}


def _escape(match):
    char = match.group(0)
    if char in _NAMED_ESCAPES:
        return _NAMED_ESCAPES[char]
    code = ord(char)
    return "\\x%02X" % code if code <= 0xFF else "\\u%04X" % code


def scalar(value):
    """A YAML scalar for a str, int, float or bool value."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if _PLAIN.match(value) and not value.endswith(" ") and value.lower() not in _RESERVED:
        return value
    return '"' + _NEEDS_ESCAPE.sub(_escape, value) + '"'


def flow(value):
    """A flow-style YAML node for a dict, list or scalar."""
    if isinstance(value, dict):
        return "{ " + ", ".join(scalar(k) + ": " + flow(v) for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return scalar(value)


# --- model --------------------------------------------------------------------------------------


def weighted(rng, pairs):
    r = rng.random()
    for value, weight in pairs:
        r -= weight
        if r < 0:
            return value
    return pairs[-1][0]


def display_name(rng, locale, category, num):
    nouns, adjs, pattern, _ = TEXTS[locale]
    noun = nouns["pass_" if category == "pass" else category]
    adj = rng.choice(adjs)
    for candidate in (pattern.format(adj=adj, noun=noun, num=num), f"{noun} {num}", noun):
        if 2 <= len(candidate) <= 30:
            return candidate
    raise ValueError(f"no display name of 2-30 characters for {locale}/{category}")


def description(rng, locale, category):
    nouns, adjs, _, patterns = TEXTS[locale]
    noun = nouns["pass_" if category == "pass" else category]
    adj = rng.choice(adjs)
    start = rng.randrange(len(patterns))
    for k in range(len(patterns)):
        text = patterns[(start + k) % len(patterns)].format(adj=adj, noun=noun)
        if 10 <= len(text) <= 45:
            return text
    raise ValueError(f"no description of 10-45 characters for {locale}/{category}/{adj}")


def cents_for_tier(tier):
    return tier * 100 - 1 if tier <= 50 else 5000 + (tier - 50) * 500 - 1


def decimal(cents):
    return "%d.%02d" % (cents // 100, cents % 100)


def storefront_prices(rng, tier):
    cents = cents_for_tier(tier)
    chosen = ["USA"] + rng.sample(STOREFRONTS[1:], rng.randrange(len(STOREFRONTS)))
    prices = {}
    for code in STOREFRONTS:
        if code not in chosen:
            continue
        if code == "JPN":
            prices[code] = str((cents * 160 // 100 + 9) // 10 * 10)
        else:
            prices[code] = decimal(cents)
    return prices


def make_product(rng, i):
    roll = rng.random()
    status = "removed" if roll < 0.02 else "draft" if roll < 0.12 else "approved"
    kind = weighted(rng, TYPE_WEIGHTS)
    if status == "removed" and rng.random() < 0.2:
        kind = "free-subscription"  # deprecated: occurs only as a tombstone
    # The first five products cover every type, whatever the seed.
    if i <= 4:
        kind, status = TYPE_WEIGHTS[i - 1][0], "approved"
    elif i == 5:
        kind, status = "free-subscription", "removed"

    product = {"id": f"com.example.gen.{kind}.{i}", "type": kind, "status": status}
    if status == "removed":
        return product

    category = rng.choice(CATEGORIES[kind])
    product["category"] = category
    product["reference_name"] = f"{category.capitalize()} {i} ({kind})"
    product["cleared_for_sale"] = rng.random() >= 0.03
    if kind in ("non-consumable", "auto-renewable"):
        product["family_sharing"] = rng.random() < 0.4
    if kind == "non-consumable" and rng.random() < 0.1:
        product["hosted_content"] = True

    tier = {"consumable": rng.randint(1, 20), "non-consumable": rng.randint(1, 30),
            "auto-renewable": rng.randint(2, 60), "non-renewing": rng.randint(3, 87)}[kind]
    price = {"tier": tier}
    if rng.random() < 0.25:
        # Storefront prices beside the tier: the bulk XML needs the tier, so it is always there.
        price["storefronts"] = storefront_prices(rng, tier)
    product["price"] = price

    others = rng.sample(LOCALES[1:], weighted(rng, LOCALE_COUNTS) - 1)
    num = rng.choice(NUMBERS) if kind == "consumable" else i
    localizations = {}
    for locale in LOCALES:
        if locale != DEFAULT_LOCALE and locale not in others:
            continue
        name = display_name(rng, locale, category, num)
        text = description(rng, locale, category)
        if locale == DEFAULT_LOCALE and rng.random() < 0.01:
            name = rng.choice(TRICKY_NAMES)
        if locale == DEFAULT_LOCALE and rng.random() < 0.005:
            text = rng.choice(TRICKY_DESCRIPTIONS)
        localizations[locale] = {"display_name": name, "description": text}
    product["localizations"] = localizations

    if rng.random() < 0.15:
        notes = f"Buy it with the sandbox account: item #{i} is granted at once."
        if rng.random() < 0.2:
            notes += "\nRestore purchases from Settings > Account."
        product["review"] = {"notes": notes}

    if kind == "auto-renewable":
        duration = weighted(rng, DURATIONS)
        subscription = {"duration": duration}
        if rng.random() < 0.3:
            subscription["free_trial_duration"] = rng.choice(TRIAL_DURATIONS)
        if duration in ("P6M", "P1Y") and rng.random() < 0.05:
            subscription["bonus_duration"] = "P1M"
        product["subscription"] = subscription  # group and rank are assigned later

    client = {"category": category}
    r = rng.random()
    client["sort_key"] = f"k{i:06d}" if r < 0.05 else i * 10
    if rng.random() < 0.25:
        client["image_url"] = f"https://cdn.example.com/iap/{category}/{i}.png"
    if rng.random() < 0.1:
        client["tags"] = rng.sample(["new", "sale", "best value", "limited"], rng.randint(1, 2))
    if category == "coins" and rng.random() < 0.1:
        client["bundle"] = {"coins": num, "bonus": num // 10}
    product["client_data"] = client
    return product


def make_catalog(count, rng):
    products = [make_product(rng, i) for i in range(1, count + 1)]

    subscriptions = [p for p in products if p["type"] == "auto-renewable" and p["status"] != "removed"]
    group_count = math.ceil(len(subscriptions) / SUBSCRIPTIONS_PER_GROUP)
    groups = []
    for k in range(1, group_count + 1):
        others = rng.sample(LOCALES[1:], rng.randint(0, 2))
        localizations = {}
        for locale in LOCALES:
            if locale == DEFAULT_LOCALE or locale in others:
                noun = TEXTS[locale][0]["subscription"]
                localizations[locale] = {"name": f"{noun} {k}", "app_name": "Gen Quest"}
        groups.append({"id": f"gen-group-{k}", "reference_name": f"Generated group {k}",
                       "localizations": localizations})
    for index, product in enumerate(subscriptions):
        product["subscription"] = {"group": groups[index // SUBSCRIPTIONS_PER_GROUP]["id"],
                                   "duration": product["subscription"].pop("duration"),
                                   "rank": index % SUBSCRIPTIONS_PER_GROUP + 1,
                                   **product["subscription"]}

    sellable = [p for p in products if p["status"] == "approved" and p["cleared_for_sale"]]
    for order, product in enumerate(rng.sample(sellable, min(MAX_PROMOTED, len(sellable))), start=1):
        product["promotion"] = {"visible": True, "order": order}
    return groups, products, sellable


# --- writers ------------------------------------------------------------------------------------


def catalog_yaml(args, groups, products, lists):
    out = [
        "# yaml-language-server: $schema=https://iapcat.dev/schemas/catalog.schema.json",
        f"# Synthetic catalog written by scripts/generate-catalog.py --products {args.products} --seed {args.seed}",
        "# (the same arguments give the same bytes). Not a real app.",
        "",
        "format_version: 1",
        "",
        "app:",
        "  bundle_id: com.example.gen",
        f"  apple_id: {scalar(str(1000000000 + args.seed))}",
        f"  sku: {scalar(f'GEN-{args.seed}')}",
        f"  default_locale: {scalar(DEFAULT_LOCALE)}",
        "",
        "x-defaults:",
        "  approved: &approved",
        "    status: approved",
        "    cleared_for_sale: true",
        "",
    ]
    if groups:
        out.append("subscription_groups:")
        for group in groups:
            out.append(f"  - id: {scalar(group['id'])}")
            out.append(f"    reference_name: {scalar(group['reference_name'])}")
            out.append("    localizations:")
            for locale, texts in group["localizations"].items():
                out.append(f"      {scalar(locale)}: {flow(texts)}")
        out.append("")
    out.append("products:")
    for p in products:
        out.append(f"  - id: {scalar(p['id'])}")
        out.append(f"    type: {scalar(p['type'])}")
        if p["status"] == "removed":
            out.append("    status: removed")
            continue
        out.append(f"    reference_name: {scalar(p['reference_name'])}")
        if p["status"] == "approved" and p["cleared_for_sale"]:
            out.append("    <<: *approved")
        else:
            out.append(f"    status: {p['status']}")
            if not p["cleared_for_sale"]:
                out.append("    cleared_for_sale: false")
        for key in ("family_sharing", "hosted_content"):
            if key in p:
                out.append(f"    {key}: {scalar(p[key])}")
        if "subscription" in p:
            out.append(f"    subscription: {flow(p['subscription'])}")
        out.append(f"    price: {flow(p['price'])}")
        out.append("    localizations:")
        for locale, texts in p["localizations"].items():
            out.append(f"      {scalar(locale)}: {flow(texts)}")
        for key in ("review", "promotion", "client_data"):
            if key in p:
                out.append(f"    {key}: {flow(p[key])}")
    out.append("")
    out.append("lists:")
    for path, environment in lists:
        out.append(f"  - path: {scalar(path)}")
        out.append(f"    environment: {environment}")
    return "\n".join(out) + "\n"


def _xml(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def plist(ids):
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
        '<plist version="1.0">',
        "<array>",
    ]
    lines += [f"\t<string>{_xml(i)}</string>" for i in ids]
    lines += ["</array>", "</plist>"]
    return "\n".join(lines) + "\n"


def products_v2(groups, products):
    listed = []
    for p in products:
        if p["status"] == "removed":
            continue
        entry = {"id": p["id"], "type": p["type"], "family_sharing": p.get("family_sharing", False)}
        if p.get("hosted_content"):
            entry["hosted_content"] = True
        entry["localizations"] = p["localizations"]
        if p.get("promotion", {}).get("visible"):
            entry["promotion"] = {"order": p["promotion"]["order"]}
        if "subscription" in p:
            entry["subscription"] = p["subscription"]
        if "client_data" in p:
            entry["client_data"] = p["client_data"]
        listed.append(entry)
    used = {p["subscription"]["group"] for p in listed if "subscription" in p}
    document = {"version": 2, "products": listed}
    referenced = [{"id": g["id"], "localizations": g["localizations"]} for g in groups if g["id"] in used]
    if referenced:
        document["subscription_groups"] = referenced
    return document, len(listed)


def write(directory, name, text):
    path = os.path.join(directory, name)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--products", type=int, required=True, metavar="N", help="number of products (>= 1)")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="random seed (default 1)")
    parser.add_argument("--out", required=True, metavar="DIR", help="output directory (created if missing)")
    parser.add_argument("--list-ids", type=int, metavar="N",
                        help="also write big_ids.plist with N distinct approved, cleared identifiers")
    args = parser.parse_args()
    if args.products < 1:
        parser.error("--products must be at least 1")
    if args.list_ids is not None and args.list_ids < 0:
        parser.error("--list-ids must not be negative")

    started = time.perf_counter()
    rng = random.Random(args.seed)
    groups, products, sellable = make_catalog(args.products, rng)
    if args.list_ids is not None and args.list_ids > len(sellable):
        sys.exit(f"generate-catalog: --list-ids {args.list_ids} exceeds the {len(sellable)} approved, cleared "
                 f"products of this catalog (a list may not repeat an identifier); raise --products")

    lists = [("product_ids.plist", "production"), ("products_v1.json", "production"),
             ("products_v2.json", "sandbox")]
    if args.list_ids is not None:
        lists.append(("big_ids.plist", "production"))
    sellable_ids = [p["id"] for p in sellable]
    v2, v2_count = products_v2(groups, products)

    os.makedirs(args.out, exist_ok=True)
    catalog_path = write(args.out, "catalog.yaml", catalog_yaml(args, groups, products, lists))
    write(args.out, "product_ids.plist", plist(sellable_ids))
    write(args.out, "products_v1.json", json.dumps(sellable_ids, indent=2) + "\n")
    write(args.out, "products_v2.json", json.dumps(v2, indent=2, ensure_ascii=False) + "\n")
    if args.list_ids is not None:
        write(args.out, "big_ids.plist", plist(rng.sample(sellable_ids, args.list_ids)))

    counts = {}
    for p in products:
        counts[p["type"]] = counts.get(p["type"], 0) + 1
    removed = sum(p["status"] == "removed" for p in products)
    print(f"generate-catalog: {len(products)} products ("
          + ", ".join(f"{n} {t}" for t, n in counts.items())
          + f"; {removed} removed), subscription groups: {len(groups)}, production ids: {len(sellable_ids)}, "
          f"v2 products: {v2_count}"
          + (f", big-list ids: {args.list_ids}" if args.list_ids is not None else "")
          + f" -> {catalog_path} ({os.path.getsize(catalog_path)} bytes) in {time.perf_counter() - started:.2f}s",
          file=sys.stderr)


if __name__ == "__main__":
    main()
