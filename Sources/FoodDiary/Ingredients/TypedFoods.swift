/// The most a typed meal takes, on "What did you have?" and from an assistant alike: a day's
/// worth of foods, not a book.
enum TypedFoods {
    static let maxText = 2_000
    static let maxFoods = 30
}
