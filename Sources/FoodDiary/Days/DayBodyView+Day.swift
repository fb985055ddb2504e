import FoodDiaryBase

/// The body part of a day's page, from what the day's read gathered.
extension DayBodyView {
    init(day: DayQueries.Day, isToday: Bool, csrfToken: String) {
        let settings = day.bodySettings, units = settings.units
        self.csrfToken = csrfToken
        self.day = day.date.description
        back = isToday ? "today" : day.date.description
        let total = day.water.reduce(0) { $0 + $1.millilitres }
        waterText = units.drinkText(millilitres: total)
        if let goal = settings.waterGoalMillilitres {
            waterGoalText = units.drinkText(millilitres: goal)
            let percent = total / goal * 100
            waterFill = NumberText.fixed(min(100, percent), fractionDigits: 1)
            waterPercentText = tr("\(Int(percent.rounded())) %")
        } else {
            (waterGoalText, waterFill, waterPercentText) = (nil, nil, nil)
        }
        // A gram of water is a millilitre. Foods logged before water was kept say nothing, not zero.
        inFoodsText = day.totals[.waterG].flatMap { $0 >= 1 ? tr("+ \(units.drinkText(millilitres: $0)) in what you ate and drank") : nil }
        buttons = settings.waterButtons.map { Button(label: $0.label, millilitres: NumberText.fixed($0.millilitres, fractionDigits: 1)) }
        drinks = day.water.reversed().map {
            Drink(
                timeText: $0.drunkAt.clockText, amountText: units.drinkText(millilitres: $0.millilitres),
                deleteURL: "/water/\($0.id)/delete")
        }
        hasDrinks = !day.water.isEmpty
        weight = isToday ? DayWeightView(trend: day.weightTrend, units: units, today: day.date) : nil
    }
}

extension DayWeightView {
    init(trend: WeightTrend?, units: UnitSystem, today: LocalDate) {
        let latest = trend?.latest
        todayText = latest.flatMap { day in
            day.date == today
                ? day.weighedKilograms.map {
                    units.weightText(kilograms: $0) + (day.weighInCount > 1 ? tr(" (mean of \(day.weighInCount))") : "")
                } : nil
        }
        trendText = latest.map {
            tr("trend \(units.weightText(kilograms: $0.trendKilograms))")
                + ($0.date == today ? "" : tr(", last weighed \($0.date.shortText)"))
        }
        rateText = trend?.weeklyRateKilograms.map { units.weeklyRateText(kilograms: $0) }
        unit = units.weightUnit
    }
}
