import { runJsonServer } from './run-json-server';

runJsonServer('express');
