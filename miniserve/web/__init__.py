"""What a person opens in a browser: the learner page at `/` and the API docs at `/docs`, every
asset served by the app itself so both work with no internet. `app.register_blueprint(web)`."""

from quart import Blueprint

from miniserve.web.docs import docs
from miniserve.web.page import page

web = Blueprint("web", __name__)
web.register_blueprint(page)
web.register_blueprint(docs)
