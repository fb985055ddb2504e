import FoodDiaryWeb
import HTTPTypes
import Hummingbird

/// Every page template the features render; start-up fails if one is missing.
enum PageTemplate: String, CaseIterable, PageTemplateName {
    case mealList = "meal_pages/list"
    case mealDetail = "meal_pages/detail"
    case mealForm = "meal_pages/form"
    case mealDelete = "meal_pages/delete"
    case foodSearch = "food_pages/search"
    case foodDetail = "food_pages/detail"
    case addFood = "entries/add"
    case chooseAmount = "entries/amount"
    case handTypedFood = "entries/typed"
    case entryDetail = "entries/detail"
    case savedFoods = "entries/saved"
    case placeList = "place_pages/places"
    case placeDetail = "place_pages/place"
    case tagList = "place_pages/tags"
    case tagDetail = "place_pages/tag"
    case day = "days/day"
    case goals = "days/goals"
    case trends = "days/trends"
    case favourites = "meal_pages/favourites"
    case logAgain = "meal_pages/log_again"
    case shareMeal = "household/share_meal"
    case quickAdd = "my_food_pages/quick_add"
    case myFoods = "my_food_pages/my_foods"
    case myFoodForm = "my_food_pages/my_food_form"
    case recipes = "my_food_pages/recipes"
    case recipeForm = "my_food_pages/recipe_form"
    case recipeDetail = "my_food_pages/recipe"
    case recipeIngredientSearch = "my_food_pages/ingredient_search"
    case signIn = "account_pages/signin"
    case setup = "account_pages/setup"
    case invite = "account_pages/invite"
    case account = "account_pages/account"
    case signInCode = "account_pages/signin_code"
    case singleSignOnOnTheWay = "account_pages/sso_on_the_way"
    case secondStepSetup = "account_pages/second_step"
    case recoveryCodes = "account_pages/recovery_codes"
    case people = "account_pages/people"
    case removePerson = "account_pages/remove_person"
    case diaries = "account_pages/diaries"
    case deleteDiary = "account_pages/delete_diary"
    case backups = "backup/backups"
    case portability = "portability/page"
    case importPreview = "portability/preview"
    case importProgress = "portability/progress"
    case onlineFoods = "food_data_central/online"
    case foodDataCentralSettings = "food_data_central/settings"
    case reminders = "reminder_pages/settings"
    case report = "report_pages/report"
    case modelSettings = "model_help/settings"
    case snap = "itemising/snap"
    case toItemise = "itemising/to_itemise"
    case more = "more_page/more"
    case settings = "more_page/settings"
    case log = "log_food/log"
    case barcodePhoto = "barcode_photos/photo"
    case textLog = "log_food/text"
    case recipeImport = "recipe_import/import"
    case recipeImportPreview = "recipe_import/preview"
    case body = "body_pages/body"
    case measure = "body_pages/measure"
    case bodySettings = "body_pages/settings"
    case energy = "body_pages/energy"
    case nutrients = "nutrients/report"
    case nutrientSettings = "nutrients/settings"
    case plan = "plan_pages/plan"
    case planAdd = "plan_pages/add"
    case shopping = "plan_pages/shopping"
}

/// The features' page templates, which the app hands to the renderer to check at start-up.
package let featurePageTemplates: [any PageTemplateName] = PageTemplate.allCases

extension PageRenderer {
    /// A feature's page for the person `context` is signed in as, or for nobody.
    func render(
        _ template: PageTemplate, _ view: some TemplateKeyed & Sendable, for context: AppRequestContext,
        status: HTTPResponse.Status = .ok
    ) async -> Response {
        await renderPage(template, view, for: context, status: status)
    }
}
