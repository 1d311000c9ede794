import EventBus
