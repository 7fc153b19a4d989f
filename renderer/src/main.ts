import { mount } from 'svelte';
import App from './App.svelte';
import { connectDesk } from './lib/desk';
import { problems } from './lib/stores/problems.svelte';
import { syncStores } from './lib/stores/sync';
import { syncOperator } from './operators/operator.svelte';
import './theme.css';

const desk = connectDesk(problems.report);
syncStores(desk, problems.report);
syncOperator(desk, problems.report);
mount(App, { target: document.getElementById('app')!, props: { desk } });
