// The questionnaire in Form.io's renderer (without the form builder), as a product built on it would ship it.
import { Formio } from '@formio/js/form';

const definition = await (await fetch('definition.json')).json();
await Formio.createForm(document.getElementById('root')!, definition, { language: 'pl' });
