/// The sample texts of one locale: a noun per category, adjectives, and the patterns that make
/// display names and descriptions from them. Only the locales here get localizations; each is an
/// App Store Connect locale code (a test checks them against the library's table).
package struct SampleTexts: Sendable {
    package var locale: String
    package var nouns: Nouns
    package var adjectives: [String]
    /// A display name from an adjective, a noun and a number.
    package var displayName: @Sendable (_ adjective: String, _ noun: String, _ number: Int) -> String
    /// Descriptions from an adjective and a noun.
    package var descriptions: [@Sendable (_ adjective: String, _ noun: String) -> String]

    /// The noun for each ``ProductCategory``.
    package struct Nouns: Sendable {
        var coins, gems, energy, levels, skins, heroes, subscription, pass: String

        package subscript(category: ProductCategory) -> String {
            switch category {
            case .coins: coins
            case .gems: gems
            case .energy: energy
            case .levels: levels
            case .skins: skins
            case .heroes: heroes
            case .subscription: subscription
            case .pass: pass
            }
        }
    }

    /// The display-name lengths the generator keeps to: at least App Store Connect's minimum, at
    /// most the advisory limit (so the catalog lints without `length_advisory`).
    package static let displayNameLength = 2...30
    /// The description lengths the generator keeps to (the advisory limits).
    package static let descriptionLength = 10...45

    /// A display name: the locale's pattern, else "noun number", else the noun — the first that fits.
    package func displayName(_ random: inout SeededRandom, category: ProductCategory, number: Int) -> String {
        let noun = nouns[category]
        let adjective = random.element(of: adjectives)
        let candidates = [displayName(adjective, noun, number), "\(noun) \(number)", noun]
        guard let name = candidates.first(where: { Self.displayNameLength.contains($0.count) }) else {
            preconditionFailure("no display name of \(Self.displayNameLength) characters for \(locale)/\(category)")
        }
        return name
    }

    /// A description: the patterns from a random one on, the first that fits.
    package func description(_ random: inout SeededRandom, category: ProductCategory) -> String {
        let noun = nouns[category]
        let adjective = random.element(of: adjectives)
        let start = random.below(descriptions.count)
        for offset in descriptions.indices {
            let text = descriptions[(start + offset) % descriptions.count](adjective, noun)
            if Self.descriptionLength.contains(text.count) { return text }
        }
        preconditionFailure("no description of \(Self.descriptionLength) characters for \(locale)/\(category)/\(adjective)")
    }
}

extension SampleTexts {
    /// The default locale's texts: first, and in every product.
    package static var defaultLocale: SampleTexts { all[0] }

    /// Every locale with sample texts, the default locale (en-US) first; localizations follow this order.
    package static let all: [SampleTexts] = [
        SampleTexts(
            locale: "en-US",
            nouns: Nouns(
                coins: "Coins", gems: "Gems", energy: "Energy", levels: "Level Pack", skins: "Skin", heroes: "Hero",
                subscription: "Premium", pass: "Season Pass"),
            adjectives: ["Small", "Large", "Golden", "Epic", "Mega", "Starter"],
            displayName: { "\($0) \($1) \($2)" },
            descriptions: [{ "\($0) \($1) for your next adventure" }, { "Get \($1) (\($0)) right away" }, { "\($1): \($0) edition" }]),
        SampleTexts(
            locale: "de-DE",
            nouns: Nouns(
                coins: "Münzen", gems: "Edelsteine", energy: "Energie", levels: "Levelpaket", skins: "Skin", heroes: "Held",
                subscription: "Premium", pass: "Saisonpass"),
            adjectives: ["Klein", "Groß", "Gold", "Episch", "Mega", "Start"],
            displayName: { "\($1) \($0) \($2)" },
            descriptions: [{ "\($1) (\($0)) für dein nächstes Abenteuer" }, { "Sofort erhalten: \($1) \($0)" }]),
        SampleTexts(
            locale: "fr-FR",
            nouns: Nouns(
                coins: "Pièces", gems: "Gemmes", energy: "Énergie", levels: "Pack de niveaux", skins: "Apparence", heroes: "Héros",
                subscription: "Premium", pass: "Passe saison"),
            adjectives: ["Petit", "Grand", "Doré", "Épique", "Méga", "Débutant"],
            displayName: { "\($1) \($0) \($2)" },
            descriptions: [{ "\($1) \($0) pour votre prochaine aventure" }, { "\($1) : édition \($0)" }]),
        SampleTexts(
            locale: "ja",
            nouns: Nouns(
                coins: "コイン", gems: "ジェム", energy: "エネルギー", levels: "レベルパック", skins: "スキン", heroes: "ヒーロー",
                subscription: "プレミアム", pass: "シーズンパス"),
            adjectives: ["小さな", "大きな", "黄金の", "伝説の", "メガ", "スターター"],
            displayName: { "\($0)\($1) \($2)" },
            descriptions: [{ "次の冒険に役立つ\($0)\($1)です。" }, { "\($0)\($1)をすぐに受け取れます" }]),
        SampleTexts(
            locale: "es-MX",
            nouns: Nouns(
                coins: "Monedas", gems: "Gemas", energy: "Energía", levels: "Paquete de niveles", skins: "Aspecto", heroes: "Héroe",
                subscription: "Premium", pass: "Pase de temporada"),
            adjectives: ["Pequeño", "Grande", "Dorado", "Épico", "Mega", "Inicial"],
            displayName: { "\($1) \($0) \($2)" },
            descriptions: [{ "\($1) \($0) para tu próxima aventura" }, { _, noun in "Recibe \(noun) al instante" }]),
        SampleTexts(
            locale: "pt-BR",
            nouns: Nouns(
                coins: "Moedas", gems: "Gemas", energy: "Energia", levels: "Pacote de fases", skins: "Visual", heroes: "Herói",
                subscription: "Premium", pass: "Passe de temporada"),
            adjectives: ["Pequeno", "Grande", "Dourado", "Épico", "Mega", "Inicial"],
            displayName: { "\($1) \($0) \($2)" },
            descriptions: [{ "\($1) \($0) para sua próxima aventura" }, { _, noun in "Receba \(noun) na hora" }]),
        SampleTexts(
            locale: "zh-Hans",
            nouns: Nouns(
                coins: "金币", gems: "宝石", energy: "能量", levels: "关卡包", skins: "皮肤", heroes: "英雄",
                subscription: "高级会员", pass: "赛季通行证"),
            adjectives: ["小份", "大份", "黄金", "史诗", "超级", "新手"],
            displayName: { "\($0)\($1) \($2)" },
            descriptions: [{ "\($0)\($1)，助你完成下一次冒险" }, { "立即获得\($0)\($1)，畅享游戏乐趣" }]),
        SampleTexts(
            locale: "ko",
            nouns: Nouns(
                coins: "코인", gems: "보석", energy: "에너지", levels: "레벨 팩", skins: "스킨", heroes: "영웅",
                subscription: "프리미엄", pass: "시즌 패스"),
            adjectives: ["작은", "큰", "황금", "전설의", "메가", "스타터"],
            displayName: { "\($0) \($1) \($2)" },
            descriptions: [{ "다음 모험에 도움이 되는 \($0) \($1)" }, { "\($0) \($1)을(를) 바로 받으세요" }]),
        SampleTexts(
            locale: "it",
            nouns: Nouns(
                coins: "Monete", gems: "Gemme", energy: "Energia", levels: "Pacchetto livelli", skins: "Aspetto", heroes: "Eroe",
                subscription: "Premium", pass: "Pass stagionale"),
            adjectives: ["Piccolo", "Grande", "Dorato", "Epico", "Mega", "Iniziale"],
            displayName: { "\($1) \($0) \($2)" },
            descriptions: [{ "\($1) \($0) per la tua prossima avventura" }, { _, noun in "Ricevi subito \(noun)" }]),
        SampleTexts(
            locale: "ru",
            nouns: Nouns(
                coins: "Монеты", gems: "Самоцветы", energy: "Энергия", levels: "Набор уровней", skins: "Облик", heroes: "Герой",
                subscription: "Премиум", pass: "Сезонный пропуск"),
            adjectives: ["Малый", "Большой", "Золотой", "Эпический", "Мега", "Стартовый"],
            displayName: { "\($0) \($1) \($2)" },
            descriptions: [{ "\($0) \($1) для нового приключения" }, { _, noun in "Получите \(noun) сразу" }]),
    ]
}
